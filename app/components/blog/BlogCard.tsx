import { Link } from "@remix-run/react";
import type { BlogSummary } from "#contract/blog";
import { resolveMediaUrl } from "~/lib/media";
import { useMediaBase } from "../root-data";
import { BlogIcon } from "../icons";
import { Picture } from "../Picture";
import { BlogByline, BlogTags } from "./BlogMeta";
import "./BlogCard.css";

/**
 * How wide a card's poster is drawn (blog._index.css): the page's width on a phone; beside the side menu on wider
 * screens, the lead card's poster takes 1.35 parts of 2.35 and the others half the list.
 */
const BLOG_CARD_SIZES =
  "(min-width: 1024px) calc((100vw - 312px) * 0.575), (min-width: 768px) 50vw, calc(100vw - 32px)";

/** One post in the blog list: poster, tags, title, the start of the text, the writer and the date. */
export function BlogCard({
  post,
  headingLevel = 2,
  priority = false,
}: {
  post: BlogSummary;
  headingLevel?: 2 | 3;
  /** The list's first poster, the page's largest picture: fetched first. */
  priority?: boolean;
}) {
  const poster = resolveMediaUrl(post.poster_url, useMediaBase());
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="blog-card">
      <Link
        to={post.blog_url}
        className="blog-card__media"
        tabIndex={-1}
        aria-hidden="true"
        prefetch="intent"
      >
        {poster ? (
          <Picture
            src={poster}
            alt=""
            width={1200}
            height={630}
            sizes={BLOG_CARD_SIZES}
            priority={priority}
          />
        ) : (
          <span className="blog-card__fallback">
            <BlogIcon size={40} />
          </span>
        )}
      </Link>
      <div className="blog-card__body">
        <BlogTags tags={post.tags} />
        <Heading className="blog-card__title">
          <Link to={post.blog_url} prefetch="intent">
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? (
          <p className="blog-card__excerpt">{post.excerpt}</p>
        ) : null}
        <BlogByline
          name={post.user_name}
          picture={post.user_profile_pic}
          date={post.created_dt}
          size={32}
        />
      </div>
    </article>
  );
}
