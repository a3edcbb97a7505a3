import type { AppLoadContext } from "@remix-run/cloudflare";
import { PICTURE_MAX_BYTES, pictureProblem } from "#contract/uploads";
import type { UserProfile } from "#contract/types";
import { ProfileSchema } from "#contract/validation";
import type { UserRow } from "../../workers/db/schema";
import { toUserData } from "../../workers/services/accounts";
import { ApiError } from "../../workers/services/errors";
import { parseFields } from "../../workers/services/parse";

/** The caller's own record for /user-info (email, phone, address): only ever in that player's own page. */
export const myProfile = (user: UserRow): UserProfile => toUserData(user);

/** A multipart post larger than one picture and the text fields is refused before it is read. */
export const PROFILE_POST_MAX_BYTES = PICTURE_MAX_BYTES + 64 * 1024;

const pictureRefused = (message: string) =>
  new ApiError(400, "picture", message, { picture: message });

/**
 * A picture sent with the profile form without JavaScript goes through the same one-time upload address and checks
 * (size, sniffed image type) as the page's upload.
 */
async function storePicture(
  context: AppLoadContext,
  request: Request,
  caller: UserRow,
  file: File,
): Promise<string> {
  const problem = pictureProblem(file);
  if (problem) throw pictureRefused(problem);
  const { url, path } = await context.services.uploads.createUploadUrl(
    caller.id,
    "profile-image",
    file.name,
    new URL(request.url).origin,
  );
  const token = new URL(url).pathname.split("/").pop() ?? "";
  await context.services.uploads.acceptUpload(
    token,
    new Request(url, {
      method: "PUT",
      body: file,
      headers: { "Content-Type": file.type },
    }),
  );
  return path;
}

/** The profile form posted without JavaScript: the same checks and effects as PUT /api/user/profile. */
export async function saveProfileForm(
  context: AppLoadContext,
  request: Request,
  caller: UserRow,
  form: FormData,
): Promise<UserRow> {
  const picture = form.get("picture");
  const fields = Object.fromEntries(
    [...form].filter(([name]) => name !== "picture"),
  );
  // Checked before the upload, so a form with a mistake stores no picture.
  parseFields(ProfileSchema, { ...fields, _id: caller.id });
  const profileImg =
    picture instanceof File && picture.size > 0
      ? await storePicture(context, request, caller, picture)
      : undefined;
  const input = parseFields(ProfileSchema, {
    ...fields,
    _id: caller.id,
    profile_img: profileImg,
  });
  const saved = await context.services.accounts.updateProfile(caller, input);
  // The page's loaders run after this action in the same request: they must show what was just saved.
  context.services.sessions.forget();
  return saved;
}
