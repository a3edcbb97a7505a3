import { Form, useNavigation } from "@remix-run/react";
import { FieldError, FormError } from "../FormFields";

interface Refusal {
  formError: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

function useBusy(intent: string, userId?: number) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (userId === undefined ||
      navigation.formData?.get("userId") === String(userId))
  );
}

/** Grant moderator or admin to an account by the e-mail it signs in with, with a reason for the audit log. */
export function GrantRoleForm({ refusal }: { refusal: Refusal | null }) {
  const busy = useBusy("grant");
  const errors = refusal?.errors ?? {};
  const unexplained =
    refusal && Object.keys(errors).length === 0 ? refusal.formError : null;
  return (
    <Form
      method="post"
      className="card form staff__form"
      noValidate
      aria-labelledby="grant-title"
    >
      <h2 className="card__title" id="grant-title">
        Grant a role
      </h2>
      <input type="hidden" name="intent" value="grant" />
      <div className={errors.email ? "field field--invalid" : "field"}>
        <label htmlFor="grant-email">E-mail of the account</label>
        <input
          id="grant-email"
          name="email"
          type="email"
          autoComplete="off"
          maxLength={254}
          defaultValue={refusal?.values.email ?? ""}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "grant-email-error" : undefined}
        />
        <FieldError id="grant-email-error" message={errors.email} />
      </div>
      <fieldset
        className={errors.role ? "choice-group field--invalid" : "choice-group"}
        aria-describedby={errors.role ? "grant-role-error" : undefined}
      >
        <legend>Role</legend>
        <div className="choice-group__options staff__roles">
          {(["moderator", "admin"] as const).map((role) => (
            <label key={role} className="choice" htmlFor={`grant-role-${role}`}>
              <input
                type="radio"
                id={`grant-role-${role}`}
                name="role"
                value={role}
                defaultChecked={(refusal?.values.role ?? "moderator") === role}
              />
              <span className="choice__mark" aria-hidden="true" />
              <span>{role === "admin" ? "Admin" : "Moderator"}</span>
            </label>
          ))}
        </div>
        <FieldError id="grant-role-error" message={errors.role} />
      </fieldset>
      <div className={errors.reason ? "field field--invalid" : "field"}>
        <label htmlFor="grant-reason">Reason</label>
        <input
          id="grant-reason"
          name="reason"
          maxLength={500}
          defaultValue={refusal?.values.reason ?? ""}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? "grant-reason-error" : undefined}
          placeholder="Why, for the audit log"
        />
        <FieldError id="grant-reason-error" message={errors.reason} />
      </div>
      <FormError message={unexplained} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Granting…" : "Grant role"}
      </button>
    </Form>
  );
}

/** A moderator or admin, with Take role (back to player) and its reason. */
export function StaffRow({
  member,
  isYou,
  refusal,
}: {
  member: { id: number; name: string; email: string; role: string };
  isYou: boolean;
  refusal: Refusal | null;
}) {
  const busy = useBusy("take", member.id);
  const reasonId = `take-${member.id}-reason`;
  const error = refusal ? (refusal.errors.reason ?? refusal.formError) : null;
  return (
    <li className="staff__member">
      <div className="staff__item-head">
        <p className="staff__item-title">
          {member.name}
          {isYou ? " (you)" : ""}
        </p>
        <p className="staff__item-meta">
          <span className="pill">
            {member.role === "admin" ? "Admin" : "Moderator"}
          </span>{" "}
          {member.email}
        </p>
      </div>
      <Form method="post" className="form staff__decision" noValidate>
        <input type="hidden" name="intent" value="take" />
        <input type="hidden" name="userId" value={member.id} />
        <div className={error ? "field field--invalid" : "field"}>
          <label htmlFor={reasonId}>Reason to take the role</label>
          <input
            id={reasonId}
            name="reason"
            maxLength={500}
            defaultValue={refusal?.values.reason ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${reasonId}-error` : undefined}
          />
          <FieldError id={`${reasonId}-error`} message={error ?? undefined} />
        </div>
        <button
          type="submit"
          className="button button--secondary"
          disabled={busy}
          aria-label={`Take ${member.name}'s role`}
        >
          Take role
        </button>
      </Form>
    </li>
  );
}
