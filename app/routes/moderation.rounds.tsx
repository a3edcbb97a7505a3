import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { FormError, FormSuccess } from "~/components/FormFields";
import { ShieldIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { HeldRoundCard } from "~/components/staff/HeldRoundCard";
import { pageTitle } from "#contract/format";
import { RoundDecisionSchema } from "#contract/reports";
import { textFields } from "~/lib/forms";
import { checkedFormAction } from "~/server/auth.server";
import { staffHeaders, staffOr404 } from "~/server/staff.server";
import "./staff.css";

export const meta: MetaFunction = () => [
  { title: pageTitle("Held rounds") },
  { name: "robots", content: "noindex" },
];

export const headers = staffHeaders;

/** /moderation/rounds (issue #34, ADR 032): rounds the fair-play model held, oldest first; moderators and admins. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const moderatorId = await staffOr404(context, request, "moderator");
  return { rounds: await context.services.staff.heldRounds(moderatorId) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const moderatorId = await staffOr404(context, request, "moderator");
  const form = await request.formData();
  const values = textFields(form);
  return checkedFormAction(form, RoundDecisionSchema, values, async () => {
    const input = RoundDecisionSchema.parse(values);
    await context.services.staff.decideRound(moderatorId, input);
    return data({
      ok: true as const,
      statsId: input.statsId,
      message:
        input.decision === "release"
          ? "The round is released to the boards"
          : "The round is removed; it never reaches a board",
    });
  });
}

export default function HeldRounds() {
  const { rounds } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer && !answer.ok ? answer : null;
  return (
    <div className="page page--narrow staff">
      <PageHeader
        title="Held rounds"
        subtitle="Rounds the fair-play check kept off the boards. Release each one to the boards or remove it, with a reason."
      />
      <FormSuccess message={answer?.ok ? answer.message : null} />
      {rounds.length === 0 ? (
        <EmptyState title="No held rounds" icon={<ShieldIcon size={28} />}>
          <p>Rounds the fair-play check holds appear here, oldest first.</p>
        </EmptyState>
      ) : (
        <ul className="staff__list">
          {rounds.map((round) => (
            <HeldRoundCard
              key={round.statsId}
              round={round}
              refusal={
                refused && refused.values.statsId === String(round.statsId)
                  ? refused
                  : null
              }
            />
          ))}
        </ul>
      )}
      {refused &&
      !rounds.some((r) => String(r.statsId) === refused.values.statsId) ? (
        <FormError message={refused.formError} />
      ) : null}
    </div>
  );
}
