import { useState, type ChangeEvent, type FormEvent } from "react";
import { checkForm, type FormAnswer } from "~/lib/forms";
import { useFormFetcher } from "~/lib/forms-fetcher";
import type { UserProfile } from "#contract/types";
import { PHONE_INPUT_MAX_LENGTH, ProfileSchema } from "#contract/validation";
import { useAccount } from "./AccountProvider";
import {
  FormError,
  FormSuccess,
  GenderField,
  SubmitButton,
  TextField,
  firstInvalidField,
  type GenderChoice,
} from "./FormFields";
import { PictureField, usePictureChoice } from "./ProfilePicture";
import "./ProfileForm.css";

export interface ProfileValues {
  name: string;
  phone_number: string;
  address: string;
  gender: GenderChoice | "";
  profile_img: string | null;
}

type TextFieldName = "name" | "phone_number" | "address";

/** Where the form posts, with JavaScript or without: the /user-info page's action. */
const PROFILE_PAGE = "/user-info";

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
  const { errors } = checkForm(ProfileSchema, { _id: profileId, ...values });
  const picture = pictureError ?? errors.profile_img;
  if (picture) errors.picture = picture;
  return errors;
}

const PROFILE_SAVED_MESSAGE = "Your profile has been saved.";

/** What the /user-info action answers: the saved profile, or the messages and what was entered. */
export type ProfileAnswer = FormAnswer<
  UserProfile,
  Omit<ProfileValues, "profile_img"> | undefined
>;

/** The form with its data as posted: the text fields, and the chosen picture's file. */
function postedForm(values: ProfileValues, picture: File | null): FormData {
  const form = new FormData();
  for (const name of ["name", "phone_number", "address", "gender"] as const)
    form.set(name, values[name]);
  if (picture) form.set("picture", picture);
  return form;
}

/**
 * /user-info's form: name, phone number, address, gender and picture (SPEC.md §5 profile edit). It posts to
 * /user-info's action, by a fetcher with JavaScript (staying in place) and as a plain multipart post without, whose
 * answer comes back as `initial`.
 */
export function ProfileForm({
  profile,
  initial,
}: {
  profile: UserProfile;
  initial?: ProfileAnswer;
}) {
  const { profileSaved } = useAccount();
  const refused = initial && !initial.ok ? initial : null;
  const [values, setValues] = useState<ProfileValues>(() => ({
    ...valuesOf(profile),
    ...refused?.values,
  }));
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState<string | null>(
    initial?.ok ? PROFILE_SAVED_MESSAGE : null,
  );
  const choice = usePictureChoice(() => setSaved(null));
  const { picture, pictureError } = choice;
  const post = useFormFetcher<
    UserProfile,
    Omit<ProfileValues, "profile_img"> | undefined
  >({
    initial: refused,
    onAnswer: (answer) => {
      profileSaved(answer);
      setValues(valuesOf(answer));
      choice.clear();
      post.setServerErrors({});
      setSubmitted(false);
      setSaved(PROFILE_SAVED_MESSAGE);
    },
  });
  const { serverErrors } = post;

  const clientErrors = validate(profile._id, values, pictureError);
  const errors: Record<string, string> = submitted
    ? { ...serverErrors, ...clientErrors }
    : pictureError
      ? { ...serverErrors, picture: pictureError }
      : serverErrors;
  if (errors.profile_img && !errors.picture)
    errors.picture = errors.profile_img;

  const change = (name: keyof ProfileValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    post.clearServerError(name);
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (post.busy) return;
    setSubmitted(true);
    post.setFormError(null);
    setSaved(null);
    const invalid = firstInvalidField(clientErrors, FIELD_ORDER);
    if (invalid || Object.keys(clientErrors).length > 0) {
      const target =
        invalid === "gender"
          ? "profile-gender-male"
          : invalid === "picture"
            ? "profile-picture"
            : `profile-${invalid}`;
      document.getElementById(target)?.focus();
      return;
    }
    post.submit(postedForm(values, picture?.file ?? null), PROFILE_PAGE, true);
  };

  return (
    <form
      className="form profile-form"
      method="post"
      action={PROFILE_PAGE}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      noValidate
    >
      <PictureField
        profile={profile}
        profileImg={values.profile_img}
        choice={choice}
        error={errors.picture}
      />
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
      <FormError message={post.formError} />
      <FormSuccess message={saved} />
      <SubmitButton busy={post.busy} busyLabel="Saving…">
        Save changes
      </SubmitButton>
    </form>
  );
}
