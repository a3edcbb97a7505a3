import { useEffect, useRef, useState, type MouseEvent } from "react";
import "./CategoryTabs.css";

export interface CategoryTab {
  _id: number;
  name: string;
}

export const categorySectionId = (categoryId: number) =>
  `category-${categoryId}`;

/** How far below the viewport top a section counts as "current": the header plus this bar. */
const ACTIVE_OFFSET = 140;

function prefersReducedMotion() {
  return (
    typeof window !== "undefined" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/** Phone-only sticky bar of category tabs (SPEC.md §2): a tab scrolls to its section; the current section's tab lights up. */
export function CategoryTabs({
  categories,
}: {
  categories: readonly CategoryTab[];
}) {
  const [activeId, setActiveId] = useState(categories[0]?._id);
  const barRef = useRef<HTMLDivElement>(null);
  // A tapped tab stays lit while its smooth scroll runs, until the player scrolls by hand again.
  const pinnedRef = useRef<number | null>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      if (pinnedRef.current !== null) return;
      let current = categories[0]?._id;
      for (const category of categories) {
        const section = document.getElementById(
          categorySectionId(category._id),
        );
        if (section && section.getBoundingClientRect().top <= ACTIVE_OFFSET)
          current = category._id;
      }
      // The last sections may be too short to reach the top: at the end of the page the last one is current.
      const atBottom =
        window.innerHeight + window.scrollY >=
        document.documentElement.scrollHeight - 4;
      if (atBottom && window.scrollY > 0)
        current = categories[categories.length - 1]?._id;
      setActiveId(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const unpin = () => {
      pinnedRef.current = null;
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("wheel", unpin, { passive: true });
    window.addEventListener("touchstart", unpin, { passive: true });
    window.addEventListener("keydown", unpin);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("wheel", unpin);
      window.removeEventListener("touchstart", unpin);
      window.removeEventListener("keydown", unpin);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [categories]);

  useEffect(() => {
    const bar = barRef.current;
    const tab = bar?.querySelector<HTMLElement>(
      `[data-category="${activeId}"]`,
    );
    if (!bar || !tab) return;
    const left = tab.offsetLeft - (bar.clientWidth - tab.offsetWidth) / 2;
    bar.scrollTo({
      left,
      behavior: prefersReducedMotion() ? "auto" : "smooth",
    });
  }, [activeId]);

  const onTabClick = (
    event: MouseEvent<HTMLAnchorElement>,
    categoryId: number,
  ) => {
    const section = document.getElementById(categorySectionId(categoryId));
    if (!section) return;
    event.preventDefault();
    pinnedRef.current = categoryId;
    setActiveId(categoryId);
    section.scrollIntoView({
      behavior: prefersReducedMotion() ? "auto" : "smooth",
      block: "start",
    });
  };

  return (
    <nav className="category-tabs" aria-label="Categories">
      <div className="category-tabs__track" ref={barRef}>
        {categories.map((category) => (
          <a
            key={category._id}
            href={`#${categorySectionId(category._id)}`}
            data-category={category._id}
            className={
              category._id === activeId
                ? "category-tab is-active"
                : "category-tab"
            }
            aria-current={category._id === activeId ? "true" : undefined}
            onClick={(event) => onTabClick(event, category._id)}
          >
            {category.name}
          </a>
        ))}
      </div>
    </nav>
  );
}
