import { useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { ApiError, apiFetch, errorMessage } from "~/lib/api";
import type { UserProfile } from "#contract/types";
import { PICTURE_TYPES, chosenPictureProblem } from "#contract/uploads";
import { uploadPicture } from "~/lib/uploads";
import {
  PHONE_INPUT_MAX_LENGTH,
  ProfileSchema,
  fieldErrors,
} from "#contract/validation";
import { useAccount } from "./AccountProvider";
import { Avatar } from "./Avatar";
import {
  FieldError,
  FormError,
  FormSuccess,
  GenderField,
  SubmitButton,
  TextField,
  firstInvalidField,
  type GenderChoice,
} from "./FormFields";
import { CameraIcon } from "./icons";
import "./ProfileForm.css";

export interface ProfileValues {
  name: string;
  phone_number: string;
  address: string;
  gender: GenderChoice | "";
  profile_img: string | null;
}

type TextFieldName = "name" | "phone_number" | "address";

const FIELD_ORDER = [
  "picture",
  "name",
  "phone_number",
  "address",
  "gender",
] as const;

function valuesOf(profile: UserProfile): ProfileValues {
  return {
    name: profile.name,
    phone_number: profile.phone_number ?? "",
    address: profile.address ?? "",
    // Stored "others" is the sign-up choice "transgender", labelled Other.
    gender:
      profile.gender === "others" ? "transgender" : (profile.gender ?? ""),
    profile_img: profile.profile_img,
  };
}

/** Field messages of the form as it stands; a problem with the chosen file counts as the picture's message. */
function validate(
  profileId: number,
  values: ProfileValues,
  pictureError: string | null,
) {
  const result = ProfileSchema.safeParse({ _id: profileId, ...values });
  const errors = result.success ? {} : fieldErrors(result.error);
  const picture = pictureError ?? errors.profile_img;
  if (picture) errors.picture = picture;
  return { result, errors };
}

export const PROFILE_SAVED_MESSAGE = "Your profile has been saved.";

/** What the /user-info action answered a post without JavaScript. */
export type ProfileAnswer =
  | { saved: true }
  | {
      formError: string;
      errors: Record<string, string>;
      values?: Omit<ProfileValues, "profile_img">;
    };

/**
 * /user-info's form: name, phone number, address, gender and picture (SPEC.md §5 profile edit). With JavaScript it
 * saves through PUT /api/user/profile and stays in place; without, it is a plain form post to /user-info's action,
 * whose answer comes back as `initial`.
 */
export function ProfileForm({
  profile,
  initial,
}: {
  profile: UserProfile;
  initial?: ProfileAnswer;
}) {
  const { profileSaved } = useAccount();
  const refused = initial && "formError" in initial ? initial : null;
  const [values, setValues] = useState<ProfileValues>(() => ({
    ...valuesOf(profile),
    ...refused?.values,
  }));
  const [picture, setPicture] = useState<{
    file: File;
    preview: string;
  } | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(
    refused?.errors ?? {},
  );
  const [formError, setFormError] = useState<string | null>(
    refused?.formError ?? null,
  );
  const [saved, setSaved] = useState<string | null>(
    initial && "saved" in initial ? PROFILE_SAVED_MESSAGE : null,
  );
  const [busy, setBusy] = useState(false);

  useEffect(
    () => (picture ? () => URL.revokeObjectURL(picture.preview) : undefined),
    [picture],
  );

  const { result, errors: clientErrors } = validate(
    profile._id,
    values,
    pictureError,
  );
  const errors: Record<string, string> = submitted
    ? { ...serverErrors, ...clientErrors }
    : pictureError
      ? { ...serverErrors, picture: pictureError }
      : serverErrors;
  if (errors.profile_img && !errors.picture)
    errors.picture = errors.profile_img;

  const change = (name: keyof ProfileValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
    setSaved(null);
  };
  const text = (name: TextFieldName) => ({
    id: `profile-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      change(name, event.target.value),
  });

  const choosePicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setSaved(null);
    const problem = await chosenPictureProblem(file);
    setPictureError(problem);
    setPicture(problem ? null : { file, preview: URL.createObjectURL(file) });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setFormError(null);
    setSaved(null);
    const invalid = firstInvalidField(clientErrors, FIELD_ORDER);
    if (invalid || !result.success) {
      const target =
        invalid === "gender"
          ? "profile-gender-male"
          : invalid === "picture"
            ? "profile-picture"
            : `profile-${invalid}`;
      document.getElementById(target)?.focus();
      return;
    }
    setBusy(true);
    try {
      const profileImg = picture
        ? await uploadPicture(picture.file, "profile-image")
        : result.data.profile_img;
      const answer = await apiFetch<UserProfile>("/api/user/profile", {
        method: "PUT",
        json: { ...result.data, _id: profile._id, profile_img: profileImg },
      });
      profileSaved(answer);
      setValues(valuesOf(answer));
      setPicture(null);
      setServerErrors({});
      setSubmitted(false);
      setSaved(PROFILE_SAVED_MESSAGE);
    } catch (error) {
      if (error instanceof ApiError) setServerErrors(error.fields);
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="form profile-form"
      method="post"
      action="/user-info"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      noValidate
    >
      <div
        className={
          errors.picture ? "picture-field field--invalid" : "picture-field"
        }
      >
        {picture ? (
          <img
            className="avatar"
            src={picture.preview}
            alt="Your new picture"
            width={88}
            height={88}
          />
        ) : (
          <Avatar
            person={{ ...profile, profile_img: values.profile_img }}
            size={88}
          />
        )}
        <div className="picture-field__body">
          <p className="picture-field__label" id="profile-picture-label">
            Profile picture
          </p>
          <p className="picture-field__hint">
            PNG, JPEG, WebP or GIF, up to 2 MB
          </p>
          <div className="picture-field__actions">
            <label className="button button--secondary button--small picture-field__choose">
              <CameraIcon size={18} />
              {picture || values.profile_img
                ? "Change picture"
                : "Choose picture"}
              <input
                id="profile-picture"
                className="visually-hidden"
                type="file"
                name="picture"
                accept={PICTURE_TYPES.join(",")}
                aria-describedby={
                  errors.picture ? "profile-picture-error" : undefined
                }
                onChange={choosePicture}
              />
            </label>
            {picture ? (
              <button
                type="button"
                className="text-button"
                onClick={() => setPicture(null)}
              >
                Keep the current one
              </button>
            ) : null}
          </div>
          <FieldError id="profile-picture-error" message={errors.picture} />
        </div>
      </div>
      <TextField {...text("name")} label="Name" autoComplete="name" />
      <TextField
        {...text("phone_number")}
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={PHONE_INPUT_MAX_LENGTH}
        placeholder="10-digit mobile number"
      />
      <TextField
        {...text("address")}
        label="Address"
        autoComplete="street-address"
        placeholder="Town or city"
      />
      <GenderField
        idPrefix="profile"
        value={values.gender}
        onChange={(gender) => change("gender", gender)}
        error={errors.gender}
      />
      <FormError message={formError} />
      <FormSuccess message={saved} />
      <SubmitButton busy={busy} busyLabel="Saving…">
        Save changes
      </SubmitButton>
    </form>
  );
}
