import { z } from "zod";
import { boundedString, digits } from "./input";
import { EmailSchema } from "./validation";

/**
 * Issue #33: developers publish their own games. What the developer pages, the review queue and the Worker agree on:
 * roles, version states, the limits of an upload (told to the developer up front) and the forms' schemas.
 */

export type { UserRole } from "./moderation";

/**
 * A version's life: a draft the developer tests, submitted for review, approved (live, or the one before the live one
 * once a later version is approved: "replaced") or rejected with a reason; a developer may withdraw one under review.
 */
export const VERSION_STATUSES = [
  "draft",
  "submitted",
  "approved",
  "rejected",
  "replaced",
  "withdrawn",
] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

/** An upload (a .zip, served from the games origin) or a link to a game hosted elsewhere (type 2, https only). */
export const VERSION_KINDS = ["upload", "link"] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];

export const ORIENTATIONS = ["portrait", "landscape", "any"] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

const MB = 1024 * 1024;

/** The limits of an uploaded game, as the submit form states them. */
export const BUNDLE_LIMITS = {
  compressedBytes: 50 * MB,
  uncompressedBytes: 200 * MB,
  files: 2000,
  /** The longest path inside the archive. */
  pathLength: 256,
} as const;

/** The promo clip: webm or mp4, at most 8 MB. The icon: a square picture, 256×256. */
export const PROMO_LIMIT_BYTES = 8 * MB;
export const ICON_SIZE = 256;

/**
 * The file types a web game uses, by extension, with the type each is served as from the games origin. Anything else
 * in an archive refuses the whole upload, named. A precompressed copy of any of them (`.br`, `.gz`, as Unity and Godot
 * builds ship) is served as the file inside with its Content-Encoding, and an extension may end in a part number
 * (Defold's `game.arcd0`).
 */
export const BUNDLE_FILE_TYPES: Readonly<Record<string, string>> = {
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  map: "application/json",
  txt: "text/plain; charset=utf-8",
  xml: "application/xml",
  wasm: "application/wasm",
  data: "application/octet-stream",
  bin: "application/octet-stream",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  wav: "audio/wav",
  m4a: "audio/mp4",
  aac: "audio/aac",
  opus: "audio/opus",
  mp4: "video/mp4",
  webm: "video/webm",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  otf: "font/otf",
  atlas: "text/plain; charset=utf-8",
  fnt: "text/plain; charset=utf-8",
  glb: "model/gltf-binary",
  gltf: "model/gltf+json",
  md: "text/markdown; charset=utf-8",
  webmanifest: "application/manifest+json",
  ktx2: "image/ktx2",
  basis: "application/octet-stream",
  // Engines' own packed data: Unity's (decompressed by its loader), Godot's, Defold's (split as game.arcd0, .arcd1, …).
  unityweb: "application/octet-stream",
  pck: "application/octet-stream",
  arcd: "application/octet-stream",
  arci: "application/octet-stream",
  dmanifest: "application/octet-stream",
  projectc: "application/octet-stream",
  der: "application/octet-stream",
};

export const DEVELOPER_MESSAGES = {
  publisherName: "Please enter a publisher name of 2 to 60 characters",
  publisherTaken: "A publisher with this name already exists",
  about: "Please keep the about text under 2,000 characters",
  gameName: "Please enter a game name of 2 to 60 characters",
  description: "Please keep the description under 4,000 characters",
  howToPlay: "Please keep how to play under 2,000 characters",
  category: "Please choose a category",
  orientation: "Please choose how the game is held",
  maximumGameTime: "Please enter a round length from 10 to 3,600 seconds",
  leaderboardType: "Please choose Score or Level",
  link: "Please enter the game's https:// address",
  notMember: "You are not a developer of this publisher",
  notModerator: "Only moderators can review games",
  reason: "Please say why, in 5 to 500 characters, so the developer can fix it",
} as const;

const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** Create or edit a publisher (its icon and banner are uploads of their own, by media path). */
export const PublisherFormSchema = z.object({
  name: boundedString(60, DEVELOPER_MESSAGES.publisherName)
    .trim()
    .min(2, DEVELOPER_MESSAGES.publisherName),
  about: boundedString(2000, DEVELOPER_MESSAGES.about).trim().default(""),
});

/** A second developer, by the e-mail address they sign in with. */
export const DeveloperInviteSchema = z.object({ email: EmailSchema });

/** What a version says about its game; approving it copies this onto the game. */
export const VersionMetaSchema = z.object({
  name: boundedString(60, DEVELOPER_MESSAGES.gameName)
    .trim()
    .min(2, DEVELOPER_MESSAGES.gameName),
  description: boundedString(4000, DEVELOPER_MESSAGES.description)
    .trim()
    .default(""),
  howToPlay: boundedString(2000, DEVELOPER_MESSAGES.howToPlay)
    .trim()
    .default(""),
  categoryId: digits(DEVELOPER_MESSAGES.category).pipe(
    z.number().int().positive(DEVELOPER_MESSAGES.category),
  ),
  orientation: z.enum(ORIENTATIONS, { error: DEVELOPER_MESSAGES.orientation }),
  timed: checkbox,
  maximumGameTime: digits(DEVELOPER_MESSAGES.maximumGameTime).pipe(
    z
      .number()
      .int()
      .min(10, DEVELOPER_MESSAGES.maximumGameTime)
      .max(3600, DEVELOPER_MESSAGES.maximumGameTime),
  ),
  sendsScores: checkbox,
  leaderboardType: digits(DEVELOPER_MESSAGES.leaderboardType).pipe(
    z.union([z.literal(1), z.literal(2)], {
      error: DEVELOPER_MESSAGES.leaderboardType,
    }),
  ),
});
export type VersionMeta = z.infer<typeof VersionMetaSchema> & {
  /** Media paths of the icon (256×256) and the promo clip (null: a still card in the feed). */
  icon: string | null;
  video: string | null;
};

/** A link game's address: https only. */
export const GameLinkSchema = boundedString(2048, DEVELOPER_MESSAGES.link)
  .trim()
  .refine((link) => {
    try {
      return new URL(link).protocol === "https:";
    } catch {
      return false;
    }
  }, DEVELOPER_MESSAGES.link);

/** The submit form's choice between an upload and a link (the link itself is GameLinkSchema's). */
export const GameKindSchema = z.object({
  kind: z.enum(VERSION_KINDS, {
    error: "Please choose whether you upload a .zip or link to your game",
  }),
});

const versionIdField = digits("Please choose a version").pipe(
  z.number().int().positive("Please choose a version"),
);

/** The buttons of a game's developer page: a draft to review, a version under review back, the game off the site. */
export const GameActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("submit"), versionId: versionIdField }),
    z.object({ intent: z.literal("withdraw"), versionId: versionIdField }),
    z.object({ intent: z.literal("unpublish") }),
    z.object({ intent: z.literal("republish") }),
  ],
  { error: "Please choose what to do" },
);

/** A moderator's decision on a submitted version. */
export const ReviewSchema = z.discriminatedUnion(
  "decision",
  [
    z.object({ decision: z.literal("approve") }),
    z.object({
      decision: z.literal("reject"),
      reason: boundedString(500, DEVELOPER_MESSAGES.reason)
        .trim()
        .min(5, DEVELOPER_MESSAGES.reason),
    }),
  ],
  { error: "Please approve or reject" },
);

/** Where a stored upload's document is played from: its path on the games origin (wrangler.toml GAMES_ORIGIN). */
export const bundleAddress = (gamesOrigin: string, bundlePath: string) =>
  new URL(bundlePath, gamesOrigin).href;
