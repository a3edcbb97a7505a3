import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  BLOG_CLIENT_ID,
  SLUG_PATTERN,
  type Blog,
  type BlogSummary,
} from "#contract/blog";
import { resolveMediaUrl } from "~/lib/media";
import { notFoundResponse, or404, requestOrigin } from "./loaders.server";
import { escapeXml } from "./xml.server";

type SignedInUser = NonNullable<
  Awaited<ReturnType<AppLoadContext["services"]["sessions"]["userForRequest"]>>
>;

/** A writer's own post to edit; null when it is another writer's; the 404 page when there is none. */
export async function postForEditing(
  context: AppLoadContext,
  user: SignedInUser,
  id: number,
): Promise<Blog | null> {
  try {
    return await or404(
      () => context.services.blog.forEditing(user, id),
      "Post not found",
    );
  } catch (error) {
    if (error instanceof Error && "status" in error && error.status === 403)
      return null;
    throw error;
  }
}

/** A picture's address as a crawler needs it (og:image, RSS, JSON-LD): absolute, on this site. */
export function absoluteMediaUrl(
  context: AppLoadContext,
  request: Request,
  path: string | null,
): string | null {
  const resolved = resolveMediaUrl(path, context.mediaBase);
  return resolved ? new URL(resolved, requestOrigin(request)).href : null;
}

/** The post at /blog/{slug} as this viewer may see it (drafts only by their author), or the 404 page. */
export async function blogPostOr404(
  context: AppLoadContext,
  slug: string | undefined,
  viewerId?: number,
): Promise<Blog> {
  if (!slug || slug.length > 100 || !SLUG_PATTERN.test(slug))
    throw notFoundResponse("Post not found");
  return or404(
    () => context.services.blog.getBySlug(slug, viewerId),
    "Post not found",
  );
}

const RSS_ITEMS = 20;
const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  svg: "image/svg+xml",
};

/** RSS 2.0 of the newest published posts, with absolute links, for feed readers. */
export async function blogRss(
  context: AppLoadContext,
  request: Request,
): Promise<string> {
  const site = requestOrigin(request);
  const { posts } = await context.services.blog.list(
    BLOG_CLIENT_ID,
    { limit: RSS_ITEMS },
    null,
  );
  const item = (post: BlogSummary) => {
    const link = `${site}${post.blog_url}`;
    const image = absoluteMediaUrl(context, request, post.poster_url);
    return [
      "<item>",
      `<title>${escapeXml(post.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<pubDate>${new Date(post.created_dt).toUTCString()}</pubDate>`,
      `<dc:creator>${escapeXml(post.user_name)}</dc:creator>`,
      ...post.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
      `<description>${escapeXml(post.excerpt)}</description>`,
      // The size of a picture is not known here; feed readers accept 0 for "unknown".
      image
        ? `<enclosure url="${escapeXml(image)}" type="${IMAGE_TYPES[image.split(".").pop() ?? ""] ?? "image/jpeg"}" length="0"/>`
        : "",
      "</item>",
    ].join("");
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    "<title>Playfeed blog</title>",
    `<link>${escapeXml(`${site}/blog`)}</link>`,
    `<atom:link href="${escapeXml(`${site}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    "<description>News, game tips and stories from the Playfeed team.</description>",
    "<language>en</language>",
    posts[0]
      ? `<lastBuildDate>${new Date(posts[0].created_dt).toUTCString()}</lastBuildDate>`
      : "",
    ...posts.map(item),
    "</channel>",
    "</rss>",
  ].join("\n");
}
