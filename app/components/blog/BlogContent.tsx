import type { BlogBlock } from "#contract/blog";
import { createHeadingLeveller } from "~/lib/headings";
import { resolveMediaUrl } from "~/lib/media";
import { useMediaBase } from "../root-data";
import "./BlogContent.css";

/**
 * A post's blocks in order. Text arrives as HTML the server sanitised on the way in (workers/services/html.ts),
 * so it is rendered as it is, its headings fitted under the post's h1 (a post written with h3s or h4s still has an
 * outline without gaps); images are media paths.
 */
export function BlogContent({ blocks }: { blocks: BlogBlock[] }) {
  const mediaBase = useMediaBase();
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
            <img
              src={resolveMediaUrl(block.content, mediaBase) ?? ""}
              alt={block.alt ?? ""}
              loading="lazy"
              decoding="async"
            />
          </figure>
        ),
      )}
    </div>
  );
}
