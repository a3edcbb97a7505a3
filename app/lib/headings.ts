/**
 * Headings inside HTML that writers and publishers supply (sanitised by the server: `h2`–`h4` survive), fitted under
 * the heading of the page section they sit in, so a page's outline never skips a level (WCAG's heading order, which
 * axe and Lighthouse check). The outline the author meant is kept: a heading is one level under the nearest heading
 * before it that the author made shallower, and at `top` when there is none.
 */
export function createHeadingLeveller(top: number): (html: string) => string {
  /** The open sections: the author's level and the level given. */
  const sections: Array<{ authored: number; fitted: number }> = [];
  return (html) => {
    let open: number | null = null;
    // Sanitised tags carry no attributes, but any attributes are kept; `[^>]*` after one character is linear.
    return html.replace(
      /<(\/?)h([1-6])(\s[^>]*)?>/gi,
      (_tag, closing: string, level: string, attributes = "") => {
        const authored = Number(level);
        if (closing) {
          const fitted = open ?? authored;
          open = null;
          return `</h${fitted}>`;
        }
        while (
          sections.length &&
          sections[sections.length - 1].authored >= authored
        )
          sections.pop();
        const parent = sections[sections.length - 1];
        const fitted = Math.min(6, parent ? parent.fitted + 1 : top);
        sections.push({ authored, fitted });
        open = fitted;
        return `<h${fitted}${attributes}>`;
      },
    );
  };
}

/** One piece of HTML with its headings fitted under `top` (see `createHeadingLeveller`). */
export const fitHeadings = (html: string, top: number) =>
  createHeadingLeveller(top)(html);
