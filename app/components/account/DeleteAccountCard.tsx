import { Form, useNavigation } from "@remix-run/react";
import {
  DELETE_WORD,
  DELETED_PLAYER_NAME,
  FORMER_WRITER_NAME,
  type AccountSummary,
} from "#contract/account-closing";
import {
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
} from "~/components/FormFields";
import type { FormProblem } from "~/lib/forms";

export type DeleteProblem = FormProblem<{
  confirm: string;
  unpublish: boolean;
}>;

/** What deleting removes and what it keeps, said before anyone presses the button. */
function WhatHappens({ publishedPosts }: { publishedPosts: number }) {
  return (
    <div className="account-card__text">
      <p>
        This cannot be undone. Your name becomes &quot;{DELETED_PLAYER_NAME}
        &quot;, and these are removed for good: your e-mail address, phone,
        address, gender and pictures, your follows and friends, saved games,
        game data, notifications, shared scores and every device you are signed
        in on.
      </p>
      <p>
        Open challenges end now and their coins go back, as when they expire.
        Your coin history is kept without your name so every balance still adds
        up; your scores stay on the boards as &quot;{DELETED_PLAYER_NAME}&quot;.
        Messages you sent stay in your friends&apos; conversations.
      </p>
      {publishedPosts > 0 ? (
        <p>
          Your{" "}
          {publishedPosts === 1
            ? "published post stays"
            : `${publishedPosts} published posts stay`}{" "}
          on the blog, credited to &quot;{FORMER_WRITER_NAME}&quot;, unless you
          choose to unpublish them below. Drafts are deleted.
        </p>
      ) : null}
      <p>You can sign up again with the same e-mail address as a new player.</p>
    </div>
  );
}

/** "Delete my account": a plain form to the page's action, the password again (or the word, for Google accounts). */
export function DeleteAccountCard({
  account,
  problem,
}: {
  account: AccountSummary;
  problem?: DeleteProblem;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = problem?.errors ?? {};
  return (
    <section
      className="card account-card account-card--danger"
      aria-labelledby="delete-title"
    >
      <h2 id="delete-title" className="card__title">
        Delete my account
      </h2>
      <WhatHappens publishedPosts={account.publishedPosts} />
      <Form method="post" className="form" noValidate>
        {account.hasPassword ? (
          <PasswordField
            id="delete-password"
            name="password"
            label="Your password"
            autoComplete="current-password"
            maxLength={128}
            error={errors.password}
          />
        ) : (
          <TextField
            id="delete-confirm"
            name="confirm"
            label={`Type ${DELETE_WORD} to confirm`}
            hint="You sign in with Google, so there is no password to ask for"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={32}
            defaultValue={problem?.values.confirm}
            error={errors.confirm}
          />
        )}
        {account.publishedPosts > 0 ? (
          <label className="account-check" htmlFor="delete-unpublish">
            <input
              type="checkbox"
              id="delete-unpublish"
              name="unpublish"
              defaultChecked={problem?.values.unpublish}
            />
            <span>Unpublish my posts (delete them from the blog)</span>
          </label>
        ) : null}
        <FormError
          message={
            problem && Object.keys(errors).length === 0
              ? problem.formError
              : null
          }
        />
        <SubmitButton busy={busy} busyLabel="Deleting your account…">
          Delete my account
        </SubmitButton>
      </Form>
    </section>
  );
}
