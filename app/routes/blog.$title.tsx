import type {
  LoaderFunctionArgs,
  MetaDescriptor,
  MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BlogContent, POST_PICTURE_SIZES } from "~/components/blog/BlogContent";
import { BlogByline, BlogTags } from "~/components/blog/BlogMeta";
import { BackLink } from "~/components/BackLink";
import { EditIcon } from "~/components/page-icons";
import { Picture } from "~/components/Picture";
import { useMediaBase, useViewer } from "~/components/root-data";
import { posterIsInContent } from "#contract/blog";
import { postCardPath } from "#contract/cards";
import { truncate, pageTitle } from "#contract/format";
import { resolveMediaUrl } from "~/lib/media";
import { cardMeta } from "~/lib/seo";
import { absoluteMediaUrl, blogPostOr404 } from "~/server/blog.server";
import { requestOrigin, viewerIdOf } from "~/server/loaders.server";
import "./blog.$title.css";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  const post = await blogPostOr404(context, params.title, viewerId);
  const site = requestOrigin(request);
  return {
    post,
    pageUrl: `${site}${post.blog_url}`,
    posterUrl: absoluteMediaUrl(context, request, post.poster_url),
    // A published post's card, drawn from its title, writer and poster on its first request; a draft has none.
    cardUrl:
      post.status === "published"
        ? `${site}${postCardPath(post._id, post.updated_dt)}`
        : null,
    logoUrl: `${site}/favicon.svg`,
    site,
  };
}

/** Open Graph and Twitter card tags and an Article JSON-LD, so a shared post shows as a rich card. */
export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: pageTitle("Post not found") }];
  const { post, pageUrl, posterUrl, cardUrl, logoUrl, site } = data;
  const description =
    truncate(post.excerpt, 200) || `${post.title}, on the Playfeed blog.`;
  const tags: MetaDescriptor[] = [
    { title: pageTitle(post.title) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: pageUrl },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: "Playfeed blog",
      href: `${site}/blog/rss.xml`,
    },
    { property: "og:site_name", content: "Playfeed" },
    { property: "og:type", content: "article" },
    { property: "og:title", content: post.title },
    { property: "og:description", content: description },
    { property: "og:url", content: pageUrl },
    {
      property: "article:published_time",
      content: post.published_dt ?? post.created_dt,
    },
    { property: "article:modified_time", content: post.updated_dt },
    { property: "article:author", content: post.user_name },
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
    { name: "twitter:title", content: post.title },
    { name: "twitter:description", content: description },
  ];
  if (cardUrl) tags.push(...cardMeta({ image: cardUrl, alt: post.title }));
  else tags.push({ name: "twitter:card", content: "summary" });
  // A draft is only ever seen by its writer; it must not end up in a search index.
  if (post.status === "draft")
    tags.push({ name: "robots", content: "noindex" });
  tags.push({
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: post.title,
      description,
      url: pageUrl,
      mainEntityOfPage: { "@type": "WebPage", "@id": pageUrl },
      datePublished: post.published_dt ?? post.created_dt,
      dateModified: post.updated_dt,
      author: { "@type": "Person", name: post.user_name },
      publisher: {
        "@type": "Organization",
        name: "Playfeed",
        url: site,
        logo: { "@type": "ImageObject", url: logoUrl },
      },
      // The card (1200×630) first, then the writer's own picture in its own shape.
      ...(cardUrl || posterUrl
        ? { image: [cardUrl, posterUrl].filter(Boolean) }
        : {}),
      ...(post.tags.length > 0 ? { keywords: post.tags.join(", ") } : {}),
    },
  });
  return tags;
};

/** /blog/:title: one post, by the readable slug in its address. */
export default function BlogPost() {
  const { post } = useLoaderData<typeof loader>();
  const viewer = useViewer();
  const poster = resolveMediaUrl(post.poster_url, useMediaBase());
  // SPEC.md §6: the Edit button is for the writer of the post.
  const canEdit = !!viewer?.can_write && viewer._id === post.user_id;
  return (
    <article className="page page--narrow blog-post">
      <BackLink to="/blog" title="Blog" />
      <header className="blog-post__header">
        <div className="blog-post__labels">
          {post.status === "draft" ? (
            <span className="pill pill--accent">
              Draft · only you can see it
            </span>
          ) : null}
          <BlogTags tags={post.tags} />
        </div>
        <h1 className="blog-post__title">{post.title}</h1>
        <div className="blog-post__meta">
          <BlogByline
            name={post.user_name}
            picture={post.user_profile_pic}
            date={post.created_dt}
            size={44}
          />
          {canEdit ? (
            <Link
              to={`/editor/${post._id}`}
              className="button button--secondary button--small"
            >
              <EditIcon size={16} /> Edit
            </Link>
          ) : null}
        </div>
      </header>
      {poster && !posterIsInContent(post) ? (
        <Picture
          className="blog-post__poster"
          src={poster}
          alt=""
          width={1200}
          height={630}
          sizes={POST_PICTURE_SIZES}
          priority
        />
      ) : null}
      <BlogContent
        blocks={post.content}
        leadPicture={!poster || posterIsInContent(post)}
      />
      <footer className="blog-post__footer">
        <Link to="/blog" className="button button--ghost">
          All posts
        </Link>
      </footer>
    </article>
  );
}
