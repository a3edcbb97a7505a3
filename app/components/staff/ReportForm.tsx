import type { FetcherWithComponents } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { REPORT_DETAILS_MAX, REPORT_MESSAGES } from "#contract/reports";
import { checkForm } from "~/lib/forms";
import {
  FieldError,
  FormError,
  FormSuccess,
  SubmitButton,
} from "../FormFields";

/** What the report page's action answers. */
export type ReportAnswer =
  | { ok: true; message: string }
  | { ok: false; formError: string; errors: Record<string, string> };

/**
 * A report: one reason from a short list and optional details. A fetcher posts it with JavaScript; without, the
 * same form posts to the page's action and the page shows its answer.
 */
export function ReportForm({
  fetcher,
  answer,
  alreadyReported,
  reasons,
  schema,
}: {
  fetcher: FetcherWithComponents<unknown>;
  answer: ReportAnswer | undefined;
  alreadyReported: boolean;
  reasons: readonly string[];
  schema: z.ZodType;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = fetcher.state !== "idle";
  if (answer?.ok) return <FormSuccess message={answer.message} />;
  if (alreadyReported)
    return <p className="card staff__notice">{REPORT_MESSAGES.duplicate}</p>;
  const shown = { ...(answer && !answer.ok ? answer.errors : {}), ...errors };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const checked = checkForm(schema, new FormData(event.currentTarget));
    setErrors(checked.errors);
    if (!checked.ok) event.preventDefault();
  };
  const formError =
    answer && !answer.ok && Object.keys(answer.errors).length === 0
      ? answer.formError
      : null;
  return (
    <fetcher.Form
      method="post"
      className="card form staff__form"
      onSubmit={onSubmit}
      noValidate
    >
      <fieldset
        className={
          shown.reason ? "choice-group field--invalid" : "choice-group"
        }
        aria-describedby={shown.reason ? "report-reason-error" : undefined}
      >
        <legend>What is wrong?</legend>
        <div className="choice-group__options staff__reasons">
          {reasons.map((reason, index) => (
            <label
              key={reason}
              className="choice"
              htmlFor={`report-reason-${index}`}
            >
              <input
                type="radio"
                id={`report-reason-${index}`}
                name="reason"
                value={reason}
                onChange={() => setErrors({})}
              />
              <span className="choice__mark" aria-hidden="true" />
              <span>{reason}</span>
            </label>
          ))}
        </div>
        <FieldError id="report-reason-error" message={shown.reason} />
      </fieldset>
      <div className={shown.details ? "field field--invalid" : "field"}>
        <label htmlFor="report-details">
          Details
          <span className="field__hint">Optional, up to 500 characters</span>
        </label>
        <textarea
          id="report-details"
          name="details"
          rows={3}
          maxLength={REPORT_DETAILS_MAX}
          aria-invalid={shown.details ? true : undefined}
          aria-describedby={shown.details ? "report-details-error" : undefined}
        />
        <FieldError id="report-details-error" message={shown.details} />
      </div>
      <FormError message={formError} />
      <SubmitButton busy={busy} busyLabel="Sending…">
        Send report
      </SubmitButton>
    </fetcher.Form>
  );
}
