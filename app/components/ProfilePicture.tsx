import { useEffect, useState, type ChangeEvent } from "react";
import type { UserProfile } from "#contract/types";
import { PICTURE_TYPES, chosenPictureProblem } from "#contract/uploads";
import { Avatar } from "./Avatar";
import { FieldError } from "./FormFields";
import { CameraIcon } from "./page-icons";

export interface ChosenPicture {
  file: File;
  preview: string;
}

/** The picture chosen in the profile form, its preview address (freed when it goes) and the problem with it, if any. */
export function usePictureChoice(onChoose: () => void) {
  const [picture, setPicture] = useState<ChosenPicture | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);

  useEffect(
    () => (picture ? () => URL.revokeObjectURL(picture.preview) : undefined),
    [picture],
  );

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    onChoose();
    const problem = await chosenPictureProblem(file);
    setPictureError(problem);
    setPicture(problem ? null : { file, preview: URL.createObjectURL(file) });
  };

  return { picture, pictureError, choose, clear: () => setPicture(null) };
}

/**
 * The profile form's picture: the current one (or the chosen one's preview), Choose/Change and Keep the current one.
 * Without JavaScript the file input is posted with the form.
 */
export function PictureField({
  profile,
  profileImg,
  choice,
  error,
}: {
  profile: UserProfile;
  profileImg: string | null;
  choice: ReturnType<typeof usePictureChoice>;
  error?: string;
}) {
  const { picture } = choice;
  return (
    <div className={error ? "picture-field field--invalid" : "picture-field"}>
      {picture ? (
        <img
          className="avatar"
          src={picture.preview}
          alt="Your new picture"
          width={88}
          height={88}
        />
      ) : (
        <Avatar person={{ ...profile, profile_img: profileImg }} size={88} />
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
            {picture || profileImg ? "Change picture" : "Choose picture"}
            <input
              id="profile-picture"
              className="visually-hidden"
              type="file"
              name="picture"
              accept={PICTURE_TYPES.join(",")}
              aria-describedby={error ? "profile-picture-error" : undefined}
              onChange={choice.choose}
            />
          </label>
          {picture ? (
            <button
              type="button"
              className="text-button"
              onClick={choice.clear}
            >
              Keep the current one
            </button>
          ) : null}
        </div>
        <FieldError id="profile-picture-error" message={error} />
      </div>
    </div>
  );
}
