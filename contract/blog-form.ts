import { z } from "zod";
import {
  BLOG_LIMITS,
  BlogContentSchema,
  parseTagList,
  type BlogBlock,
} from "./blog";
import { boundedString } from "./input";

/** The editor page's form: the JSON API's fields (contract/blog.ts) as text fields, plus which button was pressed. */

/** The blocks as JSON, as long as the most a post may hold, so nothing larger is parsed. */
const CONTENT_JSON_MAX = BLOG_LIMITS.blocks * (BLOG_LIMITS.text + 400);
const CONTENT_MESSAGE = "content must be a list of blocks";

const ContentJsonSchema = boundedString(CONTENT_JSON_MAX, CONTENT_MESSAGE)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: CONTENT_MESSAGE });
      return z.NEVER;
    }
  })
  .pipe(BlogContentSchema);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[
        char
      ] ?? char,
  );

/** Text typed without the rich editor (no JavaScript): one paragraph per blank-line-separated part. */
function plainTextBlocks(text: string): BlogBlock[] {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return [];
  const html = paragraphs
    .map((part) => `<p>${escapeHtml(part).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
  return [{ id: "text-1", type: "text", content: html }];
}

export const BlogFormSchema = z
  .object({
    intent: z.enum(["draft", "published"], {
      error: "Choose Save draft or Publish",
    }),
    title: boundedString(BLOG_LIMITS.title + 100, "Please enter a title"),
    tags: boundedString(1000, `Use at most ${BLOG_LIMITS.tags} tags`).default(
      "",
    ),
    /** Absent leaves the poster as it is; empty removes it. */
    poster_url: boundedString(500, "Invalid poster").optional(),
    content: ContentJsonSchema.optional(),
    text: boundedString(
      BLOG_LIMITS.text,
      `Keep each text block under ${BLOG_LIMITS.text} characters`,
    ).optional(),
  })
  .transform(({ intent, title, tags, poster_url, content, text }) => ({
    title,
    tags: parseTagList(tags),
    ...(poster_url !== undefined ? { poster_url: poster_url || null } : {}),
    ...(content
      ? { content }
      : text !== undefined
        ? { content: plainTextBlocks(text) }
        : {}),
    status: intent,
  }));
