import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import {
  BUNDLE_FILE_TYPES,
  BUNDLE_LIMITS,
  ORIENTATIONS,
  type VersionKind,
} from "#contract/developers";
import { formatNumber } from "#contract/format";
import type { FieldErrors } from "~/lib/forms";
import { TextField } from "../FormFields";
import {
  FileField,
  FormStatus,
  SelectField,
  TextAreaField,
} from "./DeveloperFields";

const MB = 1024 * 1024;

/** What the form starts with: the latest version's meta for a new version, what was entered after a refusal. */
export type GameFormValues = Record<string, string | undefined>;

const ORIENTATION_LABELS: Record<(typeof ORIENTATIONS)[number], string> = {
  portrait: "Portrait (held upright)",
  landscape: "Landscape (held sideways)",
  any: "Either way",
};

/** The limits of an upload, told before the developer picks a file. */
export function BundleLimits() {
  return (
    <section className="card dev-limits" aria-labelledby="dev-limits-title">
      <h2 id="dev-limits-title" className="card__title">
        What an upload can be
      </h2>
      <ul>
        <li>
          A <code>.zip</code> of {BUNDLE_LIMITS.compressedBytes / MB} MB at
          most, with <code>index.html</code> at its root or in one top folder.
        </li>
        <li>
          Unpacked, at most {BUNDLE_LIMITS.uncompressedBytes / MB} MB and{" "}
          {formatNumber(BUNDLE_LIMITS.files)} files.
        </li>
        <li>
          Names and paths are checked: no <code>..</code>, no absolute paths, no
          links, paths of {BUNDLE_LIMITS.pathLength} characters at most.
        </li>
        <li>
          Only the file types a web game uses:{" "}
          <span className="dev-types">
            {Object.keys(BUNDLE_FILE_TYPES)
              .map((extension) => `.${extension}`)
              .join(" ")}
          </span>
        </li>
      </ul>
    </section>
  );
}

/**
 * The submit form of a game or of a new version of it: its files (a .zip or an https link), what players see, and how
 * it plays. A multipart post, the same with and without JavaScript.
 */
export function GameForm({
  categories,
  values,
  errors,
  formError,
  iconRequired,
  submitLabel,
}: {
  categories: { id: number; name: string }[];
  values: GameFormValues;
  errors: FieldErrors;
  formError?: string | null;
  iconRequired: boolean;
  submitLabel: string;
}) {
  const [kind, setKind] = useState<VersionKind>(
    values.kind === "link" ? "link" : "upload",
  );
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" encType="multipart/form-data" className="form dev-form">
      <fieldset className="dev-fieldset">
        <legend>The game’s files</legend>
        <div className="dev-kinds" role="radiogroup" aria-label="Kind">
          {(["upload", "link"] as const).map((option) => (
            <label key={option} className="choice" htmlFor={`kind-${option}`}>
              <input
                type="radio"
                id={`kind-${option}`}
                name="kind"
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
              />
              <span className="choice__mark" aria-hidden="true" />
              <span>
                {option === "upload"
                  ? "Upload a .zip"
                  : "Link to a game hosted elsewhere"}
              </span>
            </label>
          ))}
        </div>
        {/* Both stay in the page without JavaScript; the server reads the one the chosen kind needs. */}
        <div className="dev-kind-fields" data-kind={kind}>
          <FileField
            id="game-bundle"
            name="bundle"
            label="Game .zip"
            hint="For an upload"
            accept=".zip,application/zip"
            error={errors.bundle}
          />
          <TextField
            id="game-link"
            name="link"
            label="Game address"
            hint="For a link: https:// only"
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={2048}
            defaultValue={values.link}
            error={errors.link}
          />
        </div>
      </fieldset>
      <fieldset className="dev-fieldset">
        <legend>What players see</legend>
        <TextField
          id="game-name"
          name="name"
          label="Name"
          required
          minLength={2}
          maxLength={60}
          defaultValue={values.name}
          error={errors.name}
        />
        <TextAreaField
          id="game-description"
          name="description"
          label="Description"
          maxLength={4000}
          defaultValue={values.description}
          error={errors.description}
        />
        <TextAreaField
          id="game-how"
          name="howToPlay"
          label="How to play"
          maxLength={2000}
          defaultValue={values.howToPlay}
          error={errors.howToPlay}
        />
        <SelectField
          id="game-category"
          name="categoryId"
          label="Category"
          defaultValue={values.categoryId}
          error={errors.categoryId}
          options={[
            { value: "", label: "Choose a category" },
            ...categories.map(({ id, name }) => ({
              value: String(id),
              label: name,
            })),
          ]}
        />
        <FileField
          id="game-icon"
          name="icon"
          label="Icon"
          hint={iconRequired ? undefined : "Optional: leave empty to keep it"}
          accept="image/png,image/jpeg,image/webp"
          required={iconRequired}
          note="PNG, JPEG or WebP of exactly 256×256 pixels, 2 MB at most."
          error={errors.icon}
        />
        <FileField
          id="game-video"
          name="video"
          label="Promo clip"
          hint="Optional"
          accept="video/webm,video/mp4"
          note="WebM or MP4, 8 MB at most. A game without one gets a still card in the feed."
          error={errors.video}
        />
      </fieldset>
      <PlayFields values={values} errors={errors} />
      <FormStatus message={formError} />
      <button
        type="submit"
        className="button button--primary button--large"
        disabled={busy}
      >
        {busy ? "Sending…" : submitLabel}
      </button>
    </Form>
  );
}

function PlayFields({
  values,
  errors,
}: {
  values: GameFormValues;
  errors: FieldErrors;
}) {
  return (
    <fieldset className="dev-fieldset">
      <legend>How it plays</legend>
      <SelectField
        id="game-orientation"
        name="orientation"
        label="Orientation"
        defaultValue={values.orientation ?? "any"}
        error={errors.orientation}
        options={ORIENTATIONS.map((value) => ({
          value,
          label: ORIENTATION_LABELS[value],
        }))}
      />
      <label className="dev-check" htmlFor="game-timed">
        <input
          type="checkbox"
          id="game-timed"
          name="timed"
          defaultChecked={values.timed === "on"}
        />
        <span>Timed: a round ends after a set time</span>
      </label>
      <TextField
        id="game-time"
        name="maximumGameTime"
        label="Longest round (maximum_game_time)"
        hint="Seconds, 10 to 3,600"
        inputMode="numeric"
        pattern="[0-9]*"
        required
        maxLength={4}
        defaultValue={values.maximumGameTime ?? "120"}
        error={errors.maximumGameTime}
      />
      <label className="dev-check" htmlFor="game-scores">
        <input
          type="checkbox"
          id="game-scores"
          name="sendsScores"
          defaultChecked={values.sendsScores === "on"}
        />
        <span>
          Sends scores: the game calls <code>finalScore</code> at the end of a
          round
        </span>
      </label>
      <SelectField
        id="game-board"
        name="leaderboardType"
        label="Leaderboard"
        defaultValue={values.leaderboardType ?? "1"}
        error={errors.leaderboardType}
        options={[
          { value: "1", label: "Score" },
          { value: "2", label: "Level" },
        ]}
      />
    </fieldset>
  );
}
