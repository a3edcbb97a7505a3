import { z } from "zod";
import { boundedString, digits } from "./input";
import { formatDay } from "./format";

/**
 * The blog of SPEC.md §3 and §7: the shapes the API answers, and the rules its input follows. The editor checks
 * a post with the same schemas before saving, and the server checks it again.
 */

/**
 * The `clientId` of `GET /api/blog/list/{clientId}`: which client's blog to list. Playfeed runs one blog, so this
 * is the only one; another client id is a 404 until a second blog exists.
 */
export const BLOG_CLIENT_ID = "playfeed";

/** SPEC.md §9: the blog list shows up to 5 posts at a time. */
export const BLOG_PAGE_SIZE = 5;

export const BLOG_LIMITS = {
  title: 120,
  tags: 8,
  tag: 30,
  blocks: 60,
  text: 20_000,
  alt: 200,
} as const;

export const BLOG_STATUSES = ["draft", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

type BlogTextBlock = { id: string; type: "text"; content: string };
/** `content` is a media path: an uploaded R2 key (`blog/{userId}/…`) or a static `/media/blog/…` file. */
type BlogImageBlock = {
  id: string;
  type: "img";
  content: string;
  alt?: string;
};
export type BlogBlock = BlogTextBlock | BlogImageBlock;

/** A post in a list: everything but its content blocks. */
export interface BlogSummary {
  _id: number;
  title: string;
  slug: string;
  tags: string[];
  /** The poster chosen for the post, else its first image; null when it has no image at all. */
  poster_url: string | null;
  user_id: number;
  user_name: string;
  user_profile_pic: string | null;
  /** When the post was first published (the date readers see); when it was created while it is a draft. */
  created_dt: string;
  updated_dt: string;
  published_dt: string | null;
  /** The reading page, /blog/{slug}. */
  blog_url: string;
  status: BlogStatus;
  /** The start of the first text block, as plain text. */
  excerpt: string;
}

export interface Blog extends BlogSummary {
  content: BlogBlock[];
}

export interface BlogPage {
  posts: BlogSummary[];
  /** Pages count from 0, BLOG_PAGE_SIZE posts each unless `limit` says otherwise. */
  page: number;
  has_more: boolean;
}

export const blogPath = (slug: string) => `/blog/${slug}`;

/** A post's readable address: "Ten tips for Neon Snake!" → "ten-tips-for-neon-snake". Never empty. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 80)
    .replace(/^-+|-+$/g, "");
  return slug || "post";
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Uploaded blog images (R2 keys of the blog-image upload purpose) and the seeded posts' static pictures. */
const UPLOADED_IMAGE =
  /^blog\/[1-9]\d{0,14}\/[0-9a-f-]{36}\.(?:png|jpg|webp|gif)$/;
const STATIC_IMAGE = /^\/media\/blog\/[a-z0-9-]+\.(?:png|jpg|webp|svg)$/;

/** The user id an uploaded image path belongs to, or null for a static one. */
export function imageOwner(path: string): number | null {
  const match = /^blog\/(\d+)\//.exec(path);
  return match ? Number(match[1]) : null;
}

const BlogImagePathSchema = boundedString(
  200,
  "An image must be a picture uploaded for the blog",
).refine(
  (path) => UPLOADED_IMAGE.test(path) || STATIC_IMAGE.test(path),
  "An image must be a picture uploaded for the blog",
);

// Whitespace is collapsed before the limit applies, so the raw bound leaves room for it.
const BlogTitleSchema = boundedString(
  BLOG_LIMITS.title * 4,
  `Keep the title under ${BLOG_LIMITS.title} characters`,
  "Please enter a title",
)
  .transform((title) => title.replace(/\s+/g, " ").trim())
  .pipe(
    z
      .string()
      .min(1, "Please enter a title")
      .max(
        BLOG_LIMITS.title,
        `Keep the title under ${BLOG_LIMITS.title} characters`,
      ),
  );

const TagSchema = boundedString(
  BLOG_LIMITS.tag * 4,
  `Keep each tag under ${BLOG_LIMITS.tag} characters`,
  "Each tag must be text",
)
  .transform((tag) => tag.replace(/\s+/g, " ").trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, "A tag cannot be empty")
      .max(BLOG_LIMITS.tag, `Keep each tag under ${BLOG_LIMITS.tag} characters`)
      .regex(
        /^[\p{L}\p{N}][\p{L}\p{N} &'-]*$/u,
        "Tags may use letters, digits, spaces and hyphens",
      ),
  );

const BlogTagsSchema = z
  .array(TagSchema, { error: "tags must be a list of words" })
  .transform((tags) => [...new Set(tags)])
  .pipe(
    z
      .array(z.string())
      .max(BLOG_LIMITS.tags, `Use at most ${BLOG_LIMITS.tags} tags`),
  );

/** "tips, Multiplayer ,tips" → ["tips", "multiplayer"]: the editor's tag field as the API takes it. */
export function parseTagList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((tag) => tag.replace(/\s+/g, " ").trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

const BlockIdSchema = boundedString(
  40,
  "A block id is 1 to 40 letters, digits, - or _",
  "Each block needs an id",
).regex(
  /^[A-Za-z0-9_-]{1,40}$/,
  "A block id is 1 to 40 letters, digits, - or _",
);

const BlogBlockSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      id: BlockIdSchema,
      type: z.literal("text"),
      content: boundedString(
        BLOG_LIMITS.text,
        `Keep each text block under ${BLOG_LIMITS.text} characters`,
        "A text block needs its text",
      ),
    }),
    z.object({
      id: BlockIdSchema,
      type: z.literal("img"),
      content: BlogImagePathSchema,
      alt: boundedString(
        BLOG_LIMITS.alt,
        `Keep the image description under ${BLOG_LIMITS.alt} characters`,
        "alt must be text",
      )
        .trim()
        .optional(),
    }),
  ],
  { error: "A block's type is 'text' or 'img'" },
);

export const BlogContentSchema = z
  .array(BlogBlockSchema, { error: "content must be a list of blocks" })
  .max(BLOG_LIMITS.blocks, `A post has at most ${BLOG_LIMITS.blocks} blocks`)
  .refine(
    (blocks) => new Set(blocks.map((block) => block.id)).size === blocks.length,
    "Two blocks have the same id",
  );

const StatusSchema = z.enum(["draft", "published"], {
  error: "status must be 'draft' or 'published'",
});
const PosterSchema = BlogImagePathSchema.nullable();

/** POST /api/blog: a new post; a draft unless it says otherwise. */
export const BlogCreateSchema = z.object({
  title: BlogTitleSchema,
  tags: BlogTagsSchema.default([]),
  poster_url: PosterSchema.default(null),
  content: BlogContentSchema.default([]),
  status: StatusSchema.default("draft"),
});

/** PUT /api/blog/{id}: only the fields sent change. */
export const BlogUpdateSchema = z.object({
  title: BlogTitleSchema.optional(),
  tags: BlogTagsSchema.optional(),
  poster_url: PosterSchema.optional(),
  content: BlogContentSchema.optional(),
  status: StatusSchema.optional(),
});

/** What a post needs before readers may see it; null when it is ready. */
export function publishProblem(
  post: { title: string; content: BlogBlock[] },
  hasText: (html: string) => boolean,
): string | null {
  if (!post.title.trim()) return "Please enter a title before publishing";
  const hasContent = post.content.some(
    (block) => block.type === "img" || hasText(block.content),
  );
  return hasContent ? null : "Add some text or an image before publishing";
}

/**
 * Whether a post's poster is also one of its images. A post without a chosen poster is given its first image as
 * poster, so its page must not show that picture again above the text.
 */
export const posterIsInContent = (post: {
  poster_url: string | null;
  content: BlogBlock[];
}) =>
  post.content.some(
    (block) => block.type === "img" && block.content === post.poster_url,
  );

/** The date a reader sees: "12 Mar 2026", the same on the server and in every browser. */
export const formatBlogDate = (iso: string) => formatDay(iso);

/** GET /api/blog?page=&limit=&tag=&author=me. */
export const BlogListQuerySchema = z.object({
  page: digits("page must be a whole number from 0")
    .pipe(
      z
        .number()
        .min(0, "page cannot be negative")
        .max(10_000, "page is too large"),
    )
    .default(0),
  limit: digits("limit must be a whole number from 1 to 20")
    .pipe(
      z
        .number()
        .min(1, "limit must be at least 1")
        .max(20, "limit is at most 20"),
    )
    .default(BLOG_PAGE_SIZE),
  tag: boundedString(30, "A tag has at most 30 characters")
    .trim()
    .toLowerCase()
    .optional(),
  /** `me`: the caller's own posts, drafts included, instead of the published list. */
  author: z.literal("me", { error: "author can only be 'me'" }).optional(),
});

/** A post's address in /blog/{slug}. */
export const SlugSchema = boundedString(100, "Invalid post address").regex(
  SLUG_PATTERN,
  "Invalid post address",
);
