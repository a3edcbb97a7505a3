import type { BlogBlock } from "#contract/blog";
import { createHeadingLeveller } from "~/lib/headings";
import { resolveMediaUrl } from "~/lib/media";
import { Picture } from "../Picture";
import { useMediaBase } from "../root-data";
import "./BlogContent.css";

/**
 * A post's blocks in order. Text arrives as HTML the server sanitised on the way in (workers/services/html.ts),
 * so it is rendered as it is, its headings fitted under the post's h1 (a post written with h3s or h4s still has an
 * outline without gaps); images are media paths.
 */
/** A post's pictures are as wide as its column (`.page--narrow`, 780 pixels at most). */
export const POST_PICTURE_SIZES =
  "(min-width: 812px) 780px, calc(100vw - 32px)";

export function BlogContent({
  blocks,
  leadPicture = false,
}: {
  blocks: BlogBlock[];
  /** No poster is shown above the post, so its first picture is likely the page's largest: fetched first. */
  leadPicture?: boolean;
}) {
  const mediaBase = useMediaBase();
  const firstPicture = blocks.find((block) => block.type !== "text");
  const fitHeadings = createHeadingLeveller(2);
  return (
    <div className="blog-content">
      {blocks.map((block) =>
        block.type === "text" ? (
          <div
            key={block.id}
            className="prose blog-content__text"
            dangerouslySetInnerHTML={{ __html: fitHeadings(block.content) }}
          />
        ) : (
          <figure key={block.id} className="blog-content__figure">
            <Picture
              src={resolveMediaUrl(block.content, mediaBase) ?? ""}
              alt={block.alt ?? ""}
              sizes={POST_PICTURE_SIZES}
              priority={leadPicture && block === firstPicture}
            />
          </figure>
        ),
      )}
    </div>
  );
}
