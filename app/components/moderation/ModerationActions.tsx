import { Form, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import {
  ACTION_LABELS,
  MODERATION_QUEUE_MESSAGES,
  ModerationActSchema,
  MUTE_DURATIONS,
  type QueueAction,
} from "#contract/moderation-queue";
import { checkForm } from "~/lib/forms";
import { FieldError } from "../FormFields";
import { AlertIcon } from "../icons";
import "./ReviewDecision.css";
import "./ModerationActions.css";

/** What the action answered a refused post. */
export interface ModerationFormProblem {
  ok: false;
  formError: string;
  errors: Record<string, string>;
  values: { intent: string; reason: string; duration?: string };
}

/** Actions that change the player's account: set apart from the others. */
const SEVERE: QueueAction[] = ["suspend"];

/**
 * A group's actions (issue #34): one form, a reason the player reads and a button per action, posted to the route's
 * action with or without JavaScript. The browser checks the reason with the same schema the action uses.
 */
export function ModerationActions({
  actions,
  answer,
}: {
  actions: QueueAction[];
  answer?: ModerationFormProblem;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const shown = errors ?? answer?.errors ?? {};
  if (actions.length === 0)
    return (
      <section className="card" aria-labelledby="actions-title">
        <h2 className="card__title" id="actions-title">
          Actions
        </h2>
        <p className="review-decision__lead">
          Nothing is left to do: the reports are closed.
        </p>
      </section>
    );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = new FormData(event.currentTarget);
    const intent = submitter?.getAttribute("value") ?? "";
    const checked = checkForm(ModerationActSchema, {
      intent,
      reason: form.get("reason") ?? "",
      duration: intent === "mute" ? form.get("duration") : undefined,
    });
    if (checked.ok) return setErrors(null);
    event.preventDefault();
    setErrors(checked.errors);
  };

  const button = (action: QueueAction) => (
    <button
      key={action}
      type="submit"
      name="intent"
      value={action}
      className={
        action === "dismiss"
          ? "button button--secondary"
          : "button button--primary"
      }
      disabled={busy}
    >
      {ACTION_LABELS[action]}
    </button>
  );

  return (
    <Form
      method="post"
      className="card form review-decision moderation-actions"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="actions-title"
    >
      <h2 className="card__title" id="actions-title">
        Actions
      </h2>
      <div className={shown.reason ? "field field--invalid" : "field"}>
        <label htmlFor="moderation-reason">
          Reason
          <span className="field__hint">
            5 to 500 characters, shown to the reported player
          </span>
        </label>
        <textarea
          id="moderation-reason"
          name="reason"
          rows={3}
          maxLength={500}
          required
          defaultValue={answer?.values.reason ?? ""}
          aria-invalid={shown.reason ? true : undefined}
          aria-describedby={
            shown.reason ? "moderation-reason-error" : undefined
          }
          placeholder="Which rule was broken, in a sentence"
          onChange={() => setErrors(null)}
        />
        <FieldError id="moderation-reason-error" message={shown.reason} />
      </div>
      {actions.includes("mute") ? (
        <div className={shown.duration ? "field field--invalid" : "field"}>
          <label htmlFor="moderation-duration">Mute for</label>
          <select
            id="moderation-duration"
            name="duration"
            className="moderation-actions__select"
            defaultValue={answer?.values.duration ?? "24h"}
          >
            {Object.entries(MUTE_DURATIONS).map(([key, { label }]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
          <FieldError
            id="moderation-duration-error"
            message={shown.duration && MODERATION_QUEUE_MESSAGES.duration}
          />
        </div>
      ) : null}
      <div role="status" aria-live="polite" className="form__status">
        {answer && !answer.errors.reason && !answer.errors.duration ? (
          <p className="alert alert--error">
            <AlertIcon size={18} />
            <span>{answer.formError}</span>
          </p>
        ) : null}
      </div>
      <div className="review-decision__buttons">
        {actions.filter((action) => !SEVERE.includes(action)).map(button)}
      </div>
      {actions.some((action) => SEVERE.includes(action)) ? (
        <div className="review-decision__buttons">
          {actions.filter((action) => SEVERE.includes(action)).map(button)}
        </div>
      ) : null}
    </Form>
  );
}
