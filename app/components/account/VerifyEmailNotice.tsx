import { useFetcher, useSearchParams } from "@remix-run/react";
import { ACCOUNT_LINK_TEXT } from "#contract/account-links";
import type { MutationResult } from "~/server/actions.server";
import { ReturnHereField } from "../ActionForm";
import { FormError, FormSuccess } from "../FormFields";
import { MailIcon } from "../page-icons";
import "./account-links.css";

const RESEND_VERIFICATION_PATH = "/actions/verify-email";

/** On the profile until the address is verified: says so and sends the link again (a fetcher, or a plain post). */
export function VerifyEmailNotice({ email }: { email: string }) {
  const fetcher = useFetcher<MutationResult<{ sent: boolean }>>();
  const [search] = useSearchParams();
  const answer = fetcher.data;
  const sent =
    (answer?.ok === true && answer.answer.sent) ||
    search.get("verification") === "sent";
  const busy = fetcher.state !== "idle";
  return (
    <section className="verify-notice" aria-labelledby="verify-notice-title">
      <p className="verify-notice__text">
        <strong id="verify-notice-title">
          {ACCOUNT_LINK_TEXT.notVerified}
        </strong>
        <span>We sent a link to {email} when you signed up.</span>
      </p>
      <fetcher.Form method="post" action={RESEND_VERIFICATION_PATH}>
        <ReturnHereField />
        <button
          type="submit"
          className="button button--ghost button--small"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          <MailIcon size={18} />
          <span>{busy ? "Sending…" : "Send the link again"}</span>
        </button>
      </fetcher.Form>
      {sent ? <FormSuccess message={ACCOUNT_LINK_TEXT.verifySent} /> : null}
      {answer?.ok === false ? <FormError message={answer.error} /> : null}
    </section>
  );
}
