import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import {
  DeveloperInviteSchema,
  PublisherFormSchema,
} from "#contract/developers";
import { PICTURE_MAX_BYTES } from "#contract/uploads";
import {
  checkForm,
  firstMessage,
  textFields,
  type FormProblem,
} from "~/lib/forms";
import type { UserRow } from "../../workers/db/schema";
import {
  checkedPicture,
  chosenFile,
  storeMedia,
  type MediaFile,
} from "../../workers/services/developer-media";
import { forgetCachedPages } from "../../workers/page-cache";
import { formAction } from "./auth.server";
import { isApiError } from "./errors.server";

/** Issue #33: what the developer pages' loaders and actions share. */

/** A developer form's text fields as entered, for the form rendered again after a refusal. */
export type DeveloperValues = Record<string, string>;
export type DeveloperProblem = FormProblem<DeveloperValues>;

/** The signed-in caller; a visitor goes to log in and comes back to this page. */
export async function developerCaller(
  context: AppLoadContext,
  request: Request,
): Promise<UserRow> {
  const caller = await context.services.sessions.userForRequest(request);
  if (caller) return caller;
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`, 303);
}

/** A loader's read: a service's 403 or 404 becomes that page (not a 500), with its message. */
export async function orRefused<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isApiError(error)) throw error;
    throw new Response(error.message, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

export const refusal = (
  status: number,
  formError: string,
  errors: Record<string, string>,
  values: DeveloperValues,
) => {
  const problem: DeveloperProblem = { ok: false, formError, errors, values };
  return data(problem, { status });
};

/** A post whose declared size is over `limit` is refused before a byte of it is parsed. */
export function oversized(
  request: Request,
  limit: number,
  field: string,
  message: string,
) {
  if (Number(request.headers.get("Content-Length") ?? 0) <= limit) return null;
  return refusal(413, message, { [field]: message }, {});
}

/** The path id of a developer page, or the 404 page. */
export function pathId(raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw))
    throw new Response("Page not found", { status: 404 });
  return Number(raw);
}

/** Pages whose edge-cached copies show what just changed. */
async function forgetPublicPages(request: Request, paths: string[]) {
  const origin = new URL(request.url).origin;
  await forgetCachedPages(paths.map((path) => origin + path));
}

/** A publisher form carries two pictures of at most 2 MB and a little text. */
const PUBLISHER_POST_MAX_BYTES = 2 * PICTURE_MAX_BYTES + 64 * 1024;

async function publisherPictures(form: FormData) {
  const icon = chosenFile(form, "icon");
  const banner = chosenFile(form, "banner");
  return {
    icon: icon ? await checkedPicture(icon, "icon", "square") : null,
    banner: banner ? await checkedPicture(banner, "banner", "wide") : null,
  };
}

async function storePictures(
  context: AppLoadContext,
  publisherId: number,
  pictures: { icon: MediaFile | null; banner: MediaFile | null },
) {
  const folder = `publishers/${publisherId}`;
  const bucket = context.cloudflare.env.MEDIA;
  return {
    icon: pictures.icon
      ? await storeMedia(bucket, folder, "icon", pictures.icon)
      : undefined,
    banner: pictures.banner
      ? await storeMedia(bucket, folder, "banner", pictures.banner)
      : undefined,
  };
}

/** /developer's Create a publisher: the caller becomes its first developer; on to its page. */
export async function createPublisherAction(
  context: AppLoadContext,
  request: Request,
  caller: UserRow,
) {
  const tooLarge = oversized(
    request,
    PUBLISHER_POST_MAX_BYTES,
    "icon",
    "Please choose pictures of 2 MB or less each",
  );
  if (tooLarge) return tooLarge;
  const form = await request.formData();
  const values = textFields(form);
  const checked = checkForm(PublisherFormSchema, form);
  if (!checked.ok)
    return refusal(400, firstMessage(checked.errors), checked.errors, values);
  return formAction(values, async () => {
    // Checked before anything is created, so a wrong picture leaves no publisher behind.
    const pictures = await publisherPictures(form);
    const created = await context.services.developers.createPublisher(
      caller.id,
      { ...checked.data, icon: "", banner: "" },
    );
    const stored = await storePictures(context, created.id, pictures);
    if (stored.icon || stored.banner)
      await context.services.developerDesk.updatePublisher(
        caller.id,
        created.id,
        { ...checked.data, ...stored },
      );
    throw redirect(`/developer/publishers/${created.id}`, 303);
  });
}

/** The publisher page's Save: name, about and any new picture. */
export async function savePublisherAction(
  context: AppLoadContext,
  request: Request,
  caller: UserRow,
  publisherId: number,
  form: FormData,
) {
  const values = textFields(form);
  const checked = checkForm(PublisherFormSchema, form);
  if (!checked.ok)
    return refusal(400, firstMessage(checked.errors), checked.errors, values);
  return formAction(values, async () => {
    await context.services.developers.publisherFor(caller.id, publisherId);
    const pictures = await publisherPictures(form);
    const stored = await storePictures(context, publisherId, pictures);
    await context.services.developerDesk.updatePublisher(
      caller.id,
      publisherId,
      { ...checked.data, ...stored },
    );
    await forgetPublicPages(request, [`/publisher/${publisherId}`]);
    return { ok: true as const, answer: { saved: true, invited: null } };
  });
}

/** The publisher page's Invite: the address waits until its account opens /developer. */
export async function inviteAction(
  context: AppLoadContext,
  caller: UserRow,
  publisherId: number,
  form: FormData,
) {
  const values = textFields(form);
  const checked = checkForm(DeveloperInviteSchema, form);
  if (!checked.ok)
    return refusal(400, firstMessage(checked.errors), checked.errors, values);
  return formAction(values, async () => {
    const invited = await context.services.developerDesk.invite(
      caller.id,
      publisherId,
      checked.data.email,
    );
    return { ok: true as const, answer: { saved: false, invited } };
  });
}

export { PUBLISHER_POST_MAX_BYTES };
