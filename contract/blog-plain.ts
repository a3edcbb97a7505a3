// The part of `blog.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).
import { formatDay } from "./format";

/** The blog of SPEC.md §3 and §7: its limits, the shapes the API answers, and its addresses. */

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

/** The user id an uploaded image path belongs to, or null for a static one. */
export function imageOwner(path: string): number | null {
  const match = /^blog\/(\d+)\//.exec(path);
  return match ? Number(match[1]) : null;
}

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
