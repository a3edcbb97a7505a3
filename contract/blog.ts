import { z } from "zod";
import { BLOG_LIMITS, BLOG_PAGE_SIZE, SLUG_PATTERN } from "./blog-plain";
import { boundedString, digits } from "./input";

export * from "./blog-plain";

// The rules a post's input follows (SPEC.md §3, §7): the editor checks a post with them before saving, and the server
// checks it again.

/** Uploaded blog images (R2 keys of the blog-image upload purpose) and the seeded posts' static pictures. */
const UPLOADED_IMAGE =
  /^blog\/[1-9]\d{0,14}\/[0-9a-f-]{36}\.(?:png|jpg|webp|gif)$/;
const STATIC_IMAGE = /^\/media\/blog\/[a-z0-9-]+\.(?:png|jpg|webp|svg)$/;

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
