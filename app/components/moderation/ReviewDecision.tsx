import { Form, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { DEVELOPER_MESSAGES, ReviewSchema } from "#contract/developers";
import { checkForm } from "~/lib/forms";
import { FieldError } from "../FormFields";
import { AlertIcon, CheckIcon } from "../icons";
import "./ReviewDecision.css";

/** What the review page's action answered a post that stayed on the page. */
export type ReviewFormAnswer =
  | { ok: true; message: string }
  | {
      ok: false;
      formError: string;
      errors: Record<string, string>;
      values: { decision: string; reason: string };
    };

/** The action's refusal, when it answered one of these decisions. */
function refusalOf(answer: ReviewFormAnswer | undefined, decisions: string[]) {
  return answer && !answer.ok && decisions.includes(answer.values.decision)
    ? answer
    : null;
}

/**
 * The decision on a submitted version: Approve, or Reject with a reason the developer reads. One form with two submit
 * buttons, posted to the route's action with or without JavaScript; the reason is checked in the browser with the
 * same schema the action uses.
 */
export function ReviewDecision({ answer }: { answer?: ReviewFormAnswer }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const refused = refusalOf(answer, ["approve", "reject"]);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const error = reasonError ?? refused?.errors.reason;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const decision = submitter?.getAttribute("value") ?? "";
    const form = new FormData(event.currentTarget);
    const checked = checkForm(ReviewSchema, {
      decision,
      reason: form.get("reason") ?? "",
    });
    if (checked.ok) return setReasonError(undefined);
    event.preventDefault();
    setReasonError(checked.errors.reason ?? DEVELOPER_MESSAGES.reason);
  };

  return (
    <Form
      method="post"
      className="card form review-decision"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="review-decision-title"
    >
      <h2 className="card__title" id="review-decision-title">
        Your decision
      </h2>
      <p className="review-decision__lead">
        Approving publishes the game at once: on home, in the feed and in the
        sitemap. If it already has a live version, this one replaces it.
      </p>
      <div className={error ? "field field--invalid" : "field"}>
        <label htmlFor="review-reason">
          Reason for rejecting
          <span className="field__hint">
            5 to 500 characters, shown to the developer
          </span>
        </label>
        <textarea
          id="review-reason"
          name="reason"
          rows={4}
          maxLength={500}
          defaultValue={refused?.values.reason ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "review-reason-error" : undefined}
          placeholder="What should the developer fix?"
          onChange={() => setReasonError(undefined)}
        />
        <FieldError id="review-reason-error" message={error} />
      </div>
      <div role="status" aria-live="polite" className="form__status">
        {refused && !refused.errors.reason ? (
          <p className="alert alert--error">
            <AlertIcon size={18} />
            <span>{refused.formError}</span>
          </p>
        ) : null}
      </div>
      <div className="review-decision__buttons">
        <button
          type="submit"
          name="decision"
          value="approve"
          className="button button--primary"
          disabled={busy}
        >
          <CheckIcon size={18} />
          Approve and publish
        </button>
        <button
          type="submit"
          name="decision"
          value="reject"
          className="button button--secondary"
          disabled={busy}
        >
          Reject
        </button>
      </div>
    </Form>
  );
}

/** Unpublish a live game or publish it again; its approved version stays as it is either way. */
export function LiveGameControls({
  isPublished,
  answer,
}: {
  isPublished: boolean;
  answer?: ReviewFormAnswer;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const refused = refusalOf(answer, ["unpublish", "republish"]);
  return (
    <Form method="post" className="card form review-live">
      <h2 className="card__title">
        {isPublished ? "The game is live" : "The game is unpublished"}
      </h2>
      <p className="review-decision__lead">
        {isPublished
          ? "Unpublishing hides it from home, the feed, the sitemap and its page at once. Its approved version is kept."
          : "Players cannot find or play it. Republishing shows its approved version again."}
      </p>
      <div role="status" aria-live="polite" className="form__status">
        {answer?.ok ? (
          <p className="alert alert--success">
            <CheckIcon size={18} />
            <span>{answer.message}</span>
          </p>
        ) : null}
        {refused ? (
          <p className="alert alert--error">
            <AlertIcon size={18} />
            <span>{refused.formError}</span>
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        name="decision"
        value={isPublished ? "unpublish" : "republish"}
        className={
          isPublished ? "button button--secondary" : "button button--primary"
        }
        disabled={busy}
      >
        {isPublished ? "Unpublish" : "Republish"}
      </button>
    </Form>
  );
}
