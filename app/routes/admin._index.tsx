import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormSuccess } from "~/components/FormFields";
import { PageHeader } from "~/components/PageHeader";
import { GrantRoleForm, StaffRow } from "~/components/staff/RoleForms";
import { pageTitle } from "#contract/format";
import { RoleFormSchema } from "#contract/reports";
import { textFields } from "~/lib/forms";
import { checkedFormAction } from "~/server/auth.server";
import { staffHeaders, staffOr404 } from "~/server/staff.server";
import "./staff.css";

export const meta: MetaFunction = () => [
  { title: pageTitle("Admin") },
  { name: "robots", content: "noindex" },
];

export const headers = staffHeaders;

/** /admin (issue #34): the staff and the roles; admins only, everyone else gets the 404 page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const adminId = await staffOr404(context, request, "admin");
  return { adminId, staff: await context.services.staff.staff(adminId) };
}

const roleName = (role: string) =>
  role === "admin" ? "an admin" : "a moderator";

export async function action({ request, context }: ActionFunctionArgs) {
  const adminId = await staffOr404(context, request, "admin");
  const form = await request.formData();
  const values = textFields(form);
  return checkedFormAction(form, RoleFormSchema, values, async () => {
    const input = RoleFormSchema.parse(values);
    const { staff } = context.services;
    if (input.intent === "grant") {
      const done = await staff.grant(adminId, input);
      return data({
        ok: true as const,
        message: `${done.name} is now ${roleName(done.role)}`,
      });
    }
    const done = await staff.take(adminId, input);
    // Whoever gave up their own role may no longer see this page: home, as after any other page they cannot open.
    if (input.userId === adminId) throw redirect("/", 303);
    return data({
      ok: true as const,
      message: `${done.name} is no longer ${roleName(done.role)}`,
    });
  });
}

export default function AdminPage() {
  const { adminId, staff } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer && !answer.ok ? answer : null;
  return (
    <div className="page page--narrow staff">
      <PageHeader
        title="Admin"
        subtitle="Who moderates and who runs the platform. Every change is written to the audit log with its reason."
      />
      <p className="staff__links">
        <Link
          to="/admin/log"
          className="button button--secondary button--small"
        >
          Audit log
        </Link>
        <Link
          to="/moderation"
          className="button button--secondary button--small"
        >
          Moderation
        </Link>
      </p>
      <FormSuccess message={answer?.ok ? answer.message : null} />
      <GrantRoleForm
        // A new form after each success: the fields empty again for the next grant.
        key={answer?.ok ? answer.message : "grant"}
        refusal={refused && refused.values.intent === "grant" ? refused : null}
      />
      <section className="card" aria-labelledby="staff-title">
        <h2 className="card__title" id="staff-title">
          Staff
        </h2>
        <ul className="staff__list">
          {staff.map((member) => (
            <StaffRow
              key={member.id}
              member={member}
              isYou={member.id === adminId}
              refusal={
                refused &&
                refused.values.intent === "take" &&
                refused.values.userId === String(member.id)
                  ? refused
                  : null
              }
            />
          ))}
        </ul>
      </section>
    </div>
  );
}
