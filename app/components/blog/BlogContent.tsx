import type { BlogBlock } from "#contract/blog";
import { resolveMediaUrl } from "~/lib/media";
import { useMediaBase } from "../root-data";
import "./BlogContent.css";

/**
 * A post's blocks in order. Text arrives as HTML the server sanitised on the way in (workers/services/html.ts),
 * so it is rendered as it is; images are media paths.
 */
export function BlogContent({ blocks }: { blocks: BlogBlock[] }) {
  const mediaBase = useMediaBase();
  return (
    <div className="blog-content">
      {blocks.map((block) =>
        block.type === "text" ? (
          <div
            key={block.id}
            className="prose blog-content__text"
            dangerouslySetInnerHTML={{ __html: block.content }}
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
