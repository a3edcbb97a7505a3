import { Link } from "@remix-run/react";
import { formatBlogDate } from "#contract/blog";
import { Avatar } from "../Avatar";
import "./BlogMeta.css";

/** A post's tags as links to the posts that share them. */
export function BlogTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="blog-tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            className="blog-tag"
            to={`/blog?tag=${encodeURIComponent(tag)}`}
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export interface BlogBylineProps {
  name: string;
  picture: string | null;
  date: string;
  size?: number;
}

/** The writer's picture and name, and the day the post came out. */
export function BlogByline({
  name,
  picture,
  date,
  size = 36,
}: BlogBylineProps) {
  return (
    <div className="blog-byline">
      <Avatar
        person={{ name, first_name: name, profile_img: picture }}
        size={size}
      />
      <div className="blog-byline__text">
        <span className="blog-byline__name">{name}</span>
        <time className="blog-byline__date" dateTime={date}>
          {formatBlogDate(date)}
        </time>
      </div>
    </div>
  );
}
