import { Link } from "@remix-run/react";
import type { BlogSummary } from "#contract/blog";
import { resolveMediaUrl } from "~/lib/media";
import { useMediaBase } from "../root-data";
import { BlogIcon } from "../icons";
import { BlogByline, BlogTags } from "./BlogMeta";
import "./BlogCard.css";

/** One post in the blog list: poster, tags, title, the start of the text, the writer and the date. */
export function BlogCard({
  post,
  headingLevel = 2,
}: {
  post: BlogSummary;
  headingLevel?: 2 | 3;
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
          <img
            src={poster}
            alt=""
            width={1200}
            height={630}
            loading="lazy"
            decoding="async"
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
