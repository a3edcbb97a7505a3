import { useState, type ChangeEvent } from "react";
import { errorMessage } from "~/lib/api";
import { resolveMediaUrl } from "~/lib/media";
import { PICTURE_TYPES, chosenPictureProblem } from "#contract/uploads";
import { uploadPicture } from "~/lib/uploads";
import { FieldError } from "../FormFields";
import { Loader } from "../Loader";
import { useMediaBase } from "../root-data";
import { ImageIcon } from "./icons";
import "./ImagePicker.css";

export interface ImagePickerProps {
  id: string;
  /** What the picture is, for the buttons and the preview: "poster", "image". */
  label: string;
  path: string | null;
  onChange: (path: string | null) => void;
  /** Whether the picture can be taken away again (the poster can; an image block is deleted instead). */
  removable?: boolean;
  /** Told when an upload starts and how it ended, so the post is not saved without a picture still on its way. */
  onUpload?: (stage: UploadStage) => void;
}

export type UploadStage = "started" | "done" | "failed";

/** Picks a picture and uploads it to R2 through the blog-image upload address, then hands back its media path. */
export function ImagePicker({
  id,
  label,
  path,
  onChange,
  removable = false,
  onUpload,
}: ImagePickerProps) {
  const mediaBase = useMediaBase();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = resolveMediaUrl(path, mediaBase);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = await chosenPictureProblem(file);
    setError(problem);
    if (problem) return;
    setUploading(true);
    onUpload?.("started");
    let stage: UploadStage = "failed";
    try {
      onChange(await uploadPicture(file, "blog-image"));
      stage = "done";
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setUploading(false);
      onUpload?.(stage);
    }
  };

  return (
    <div
      className={["image-picker", error ? "field--invalid" : null]
        .filter(Boolean)
        .join(" ")}
    >
      {preview ? (
        <img
          className="image-picker__preview"
          src={preview}
          alt={`The ${label}`}
        />
      ) : (
        <div className="image-picker__empty" aria-hidden="true">
          <ImageIcon size={32} />
          <span>PNG, JPEG, WebP or GIF, up to 2 MB</span>
        </div>
      )}
      <div className="image-picker__actions">
        {uploading ? (
          <Loader text="Uploading…" />
        ) : (
          <label className="button button--secondary button--small image-picker__choose">
            <input
              id={id}
              className="visually-hidden"
              type="file"
              accept={PICTURE_TYPES.join(",")}
              onChange={choose}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <ImageIcon size={16} />{" "}
            {preview ? `Replace ${label}` : `Choose ${label}`}
          </label>
        )}
        {removable && preview && !uploading ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onChange(null)}
          >
            Remove {label}
          </button>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} message={error ?? undefined} />
    </div>
  );
}
