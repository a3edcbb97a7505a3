import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import {
  BUNDLE_LIMITS,
  GameKindSchema,
  GameLinkSchema,
  VersionMetaSchema,
  type VersionMeta,
} from "#contract/developers";
import { checkForm, firstMessage, textFields } from "~/lib/forms";
import type { UserRow } from "../../workers/db/schema";
import type { VersionSource } from "../../workers/services/developers";
import {
  checkedClip,
  checkedPicture,
  chosenFile,
  storeMedia,
  type MediaFile,
} from "../../workers/services/developer-media";
import { formAction } from "./auth.server";
import { oversized, refusal } from "./developer.server";

/** The whole submit form: a 50 MB archive, an 8 MB clip, a 2 MB icon and the text, with room to spare. */
const GAME_POST_MAX_BYTES = 60 * 1024 * 1024;

const ZIP_MESSAGE = "Please choose your game's .zip";
const ICON_MESSAGE = "Please choose the game's icon (256×256)";

/** The form's text checked with the contract's schemas, and the files it must carry for its kind. */
function checkSubmission(form: FormData, iconRequired: boolean) {
  const meta = checkForm(VersionMetaSchema, form);
  const kind = checkForm(GameKindSchema, form);
  const errors = { ...meta.errors, ...kind.errors };
  let source:
    { kind: "link"; link: string } | { kind: "upload"; zip: File } | null =
    null;
  if (kind.ok && kind.data.kind === "link") {
    const link = GameLinkSchema.safeParse(textFields(form).link ?? "");
    if (link.success) source = { kind: "link", link: link.data };
    else errors.link = link.error.issues[0]?.message ?? "";
  } else if (kind.ok) {
    const zip = chosenFile(form, "bundle");
    if (!zip) errors.bundle = ZIP_MESSAGE;
    else if (zip.size > BUNDLE_LIMITS.compressedBytes)
      errors.bundle = "Please keep the .zip at 50 MB or less";
    else source = { kind: "upload", zip };
  }
  const icon = chosenFile(form, "icon");
  if (iconRequired && !icon) errors.icon = ICON_MESSAGE;
  if (!meta.ok || !source || Object.keys(errors).length > 0)
    return { ok: false as const, errors };
  return { ok: true as const, meta: meta.data, source, icon };
}

async function checkedMedia(form: FormData, icon: File | null) {
  const clip = chosenFile(form, "video");
  return {
    icon: icon ? await checkedPicture(icon, "icon", "icon") : null,
    video: clip ? await checkedClip(clip, "video") : null,
  };
}

async function storeGameMedia(
  context: AppLoadContext,
  gameId: number,
  media: { icon: MediaFile | null; video: MediaFile | null },
) {
  const bucket = context.cloudflare.env.MEDIA;
  const folder = `games/${gameId}`;
  return {
    icon: media.icon
      ? await storeMedia(bucket, folder, "icon", media.icon)
      : null,
    video: media.video
      ? await storeMedia(bucket, folder, "promo", media.video)
      : null,
  };
}

function sourceOf(
  context: AppLoadContext,
  source: { kind: "link"; link: string } | { kind: "upload"; zip: File },
): VersionSource {
  if (source.kind === "link") return source;
  const { zip } = source;
  return {
    kind: "upload",
    store: (versionId) => context.services.bundles.storeZip(versionId, zip),
  };
}

const tooLargeFor = (request: Request) =>
  oversized(
    request,
    GAME_POST_MAX_BYTES,
    "bundle",
    "This submission is over 60 MB. Please keep the .zip at 50 MB, the clip at 8 MB and the icon at 2 MB or less.",
  );

/**
 * /developer/publishers/:id/new-game: a new, unpublished game with its first version, a draft; its icon and clip are
 * stored under its own folder once it has an id. On to its page.
 */
export async function submitGameAction(
  context: AppLoadContext,
  request: Request,
  caller: UserRow,
  publisherId: number,
) {
  const tooLarge = tooLargeFor(request);
  if (tooLarge) return tooLarge;
  const form = await request.formData();
  const values = textFields(form);
  const checked = checkSubmission(form, true);
  if (!checked.ok)
    return refusal(400, firstMessage(checked.errors), checked.errors, values);
  return formAction(values, async () => {
    await context.services.developers.publisherFor(caller.id, publisherId);
    const media = await checkedMedia(form, checked.icon);
    const meta: VersionMeta = { ...checked.meta, icon: null, video: null };
    const version = await context.services.developers.createGame(
      caller.id,
      publisherId,
      meta,
      sourceOf(context, checked.source),
    );
    const stored = await storeGameMedia(context, version.gameId, media);
    await context.services.developerDesk.attachMedia(version.id, stored);
    throw redirect(`/developer/games/${version.gameId}`, 303);
  });
}

/**
 * /developer/games/:id/new-version: another draft of the game. A picture or clip left out is the latest version's, so
 * a new build does not lose them.
 */
export async function submitVersionAction(
  context: AppLoadContext,
  request: Request,
  caller: UserRow,
  gameId: number,
) {
  const tooLarge = tooLargeFor(request);
  if (tooLarge) return tooLarge;
  const form = await request.formData();
  const values = textFields(form);
  const checked = checkSubmission(form, false);
  if (!checked.ok)
    return refusal(400, firstMessage(checked.errors), checked.errors, values);
  return formAction(values, async () => {
    const { versions } = await context.services.developerDesk.gamePage(
      caller.id,
      gameId,
    );
    const media = await checkedMedia(form, checked.icon);
    const stored = await storeGameMedia(context, gameId, media);
    const previous = versions[0]?.meta;
    await context.services.developers.createVersion(
      caller.id,
      gameId,
      {
        ...checked.meta,
        icon: stored.icon ?? previous?.icon ?? null,
        video: stored.video ?? previous?.video ?? null,
      },
      sourceOf(context, checked.source),
    );
    throw redirect(`/developer/games/${gameId}`, 303);
  });
}
