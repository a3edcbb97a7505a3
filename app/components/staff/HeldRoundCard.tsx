import { Form, useNavigation } from "@remix-run/react";
import { formatNumber } from "#contract/format";
import { FieldError } from "../FormFields";
import { formatWhen } from "./when";

interface HeldRoundView {
  statsId: number;
  score: number;
  note: string | null;
  heldAt: Date | string;
  playerName: string;
  gameName: string;
}

/** One held round: who, which game, the score, when, the model's note, and Release or Remove with a reason. */
export function HeldRoundCard({
  round,
  refusal,
}: {
  round: HeldRoundView;
  refusal: {
    formError: string;
    errors: Record<string, string>;
    values: Record<string, string>;
  } | null;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("statsId") === String(round.statsId);
  const reasonId = `round-${round.statsId}-reason`;
  const error = refusal ? (refusal.errors.reason ?? refusal.formError) : null;
  return (
    <li className="card staff__item">
      <div className="staff__item-head">
        <p className="staff__item-title">
          {round.playerName} · {round.gameName}
        </p>
        <p className="staff__item-meta">
          Score {formatNumber(round.score)} · {formatWhen(round.heldAt)}
        </p>
      </div>
      <p className="staff__note">
        {round.note ?? "The fair-play check gave no note."}
      </p>
      <Form method="post" className="form staff__decision" noValidate>
        <input type="hidden" name="statsId" value={round.statsId} />
        <div className={error ? "field field--invalid" : "field"}>
          <label htmlFor={reasonId}>Reason</label>
          <input
            id={reasonId}
            name="reason"
            required
            minLength={3}
            maxLength={500}
            defaultValue={refusal?.values.reason ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${reasonId}-error` : undefined}
            placeholder="Why, for the audit log"
          />
          <FieldError id={`${reasonId}-error`} message={error ?? undefined} />
        </div>
        <div className="staff__buttons">
          <button
            type="submit"
            name="decision"
            value="release"
            className="button button--primary"
            disabled={busy}
          >
            Release
          </button>
          <button
            type="submit"
            name="decision"
            value="remove"
            className="button button--secondary"
            disabled={busy}
          >
            Remove
          </button>
        </div>
      </Form>
    </li>
  );
}
