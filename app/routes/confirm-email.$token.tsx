import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { SubmitButton } from "~/components/FormFields";
import { AlertIcon } from "~/components/icons";
import { MailIcon } from "~/components/page-icons";
import { pageTitle } from "#contract/format";
import { isApiError } from "~/server/errors.server";
import "./settings.css";

export const meta: MetaFunction = () => [
  { title: pageTitle("Confirm your e-mail address") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

type LinkAnswer = { ok: true; email: string } | { ok: false; message: string };

/** Runs `use` on the link; a refusal (used, expired, address taken) becomes its message and status. */
async function answer(step: () => Promise<string>) {
  try {
    const result: LinkAnswer = { ok: true, email: await step() };
    return data(result);
  } catch (error) {
    if (!isApiError(error)) throw error;
    const result: LinkAnswer = { ok: false, message: error.message };
    return data(result, { status: error.status });
  }
}

/**
 * /confirm-email/{token}: opening the link only shows the new address; the button uses it. Mail scanners open links
 * to check them, and one must not use up a person's link.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return answer(() =>
    context.services.settings.emailForLink(params.token ?? ""),
  );
}

/** Used: on to a page of its own (a reload must not post again, and this page's loader now refuses the link). */
export async function action({ params, context }: ActionFunctionArgs) {
  const used = await answer(
    async () =>
      (await context.services.settings.confirmEmailChange(params.token ?? ""))
        .email,
  );
  if (used.data.ok) throw redirect("/confirm-email/done", 303);
  return used;
}

export default function ConfirmEmail() {
  const link = useLoaderData<typeof loader>();
  const used = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const problem =
    used && !used.ok ? used.message : !link.ok ? link.message : null;
  if (problem || !link.ok)
    return (
      <div className="page page--narrow settings">
        <EmptyState
          headingLevel={1}
          icon={<AlertIcon size={28} />}
          title="This link cannot be used"
          actions={
            <Link to="/settings" className="button button--primary">
              Open your settings
            </Link>
          }
        >
          <p role="alert">{problem}</p>
        </EmptyState>
      </div>
    );
  return (
    <div className="page page--narrow settings">
      <EmptyState
        headingLevel={1}
        icon={<MailIcon size={28} />}
        title="Confirm your new e-mail address"
      >
        <p className="settings__address">
          Your Playfeed account will use <strong>{link.email}</strong> from now
          on.
        </p>
        <Form method="post" className="settings__confirm">
          <SubmitButton busy={busy} busyLabel="Confirming…">
            Confirm this address
          </SubmitButton>
        </Form>
      </EmptyState>
    </div>
  );
}
