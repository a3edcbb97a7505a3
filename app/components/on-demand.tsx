import {
  createElement,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type MouseEvent,
} from "react";
import { retryImport } from "~/lib/retry-import";
import { useHydrated } from "./ActionForm";
import { Loader } from "./Loader";
import "./on-demand.css";

/** The browser's loaders of the parts a page may show, by name: what `partsOnThePage` loads before hydration. */
const loaders = new Map<string, () => Promise<unknown>>();

const selectorOf = (name: string) => `[data-on-demand="${name}"]`;

/** How far below the screen a part waiting to be seen starts loading its code. */
const NEAR_SCREEN = "300px";
/** What a tap on a part still waiting for its code is kept for: what it would do once the part runs. */
const TAPPABLE = "a, button, input, label, select, summary, textarea";
const TAPS_KEPT = 4;

export interface OnDemandOptions {
  /**
   * `shown` (the default): its code loads before the page hydrates, whenever the server's HTML shows it. `near`: a
   * part below the first screen keeps the server's markup, and its code loads once it comes within `NEAR_SCREEN` of
   * the screen or is touched; taps on it meanwhile are kept and played once it runs.
   */
  load?: "shown" | "near";
}

/** Each element's place under `root`, by child index, so the same place can be found in the same markup again. */
function placeOf(root: Element, element: Element): number[] {
  const place: number[] = [];
  for (let at: Element | null = element; at && at !== root;) {
    const parent: Element | null = at.parentElement;
    if (!parent) return [];
    place.unshift(Array.prototype.indexOf.call(parent.children, at));
    at = parent;
  }
  return place;
}

function atPlace(root: Element, place: number[]): HTMLElement | null {
  let at: Element | undefined = root;
  for (const index of place) at = at?.children[index];
  return at instanceof HTMLElement ? at : null;
}

/**
 * A part of a page that only some visits show (a challenge under `?challengeId`, the rate form under `?rate`), or
 * one below the first screen (`{ load: "near" }`, a game's leaderboard): the server renders it in place, and the
 * browser loads its code only when the page shows it, or when it comes near (issue #36: a page's first load carries
 * no code it does not need for the first screen). One of each name on a page.
 *
 * `server` is the part itself in the server build and null in the browser's (`import.meta.env.SSR ? Part : null`),
 * so the browser's build drops the static import. The part's wrapper names it in the server's HTML, and the browser
 * loads the code of every part it shows before it hydrates the page (`partsOnThePage`, in entry.client.tsx): React
 * then takes the markup over as it is. A part whose code is not there when the page hydrates (one near the screen
 * only, or whose load failed) keeps the server's markup as it is, forms working as without script, and comes alive
 * when its code arrives. Shown later by the browser alone, a spinner holds its place until then.
 */
export function onDemand<Props extends object>(
  name: string,
  server: ComponentType<Props> | null,
  load: () => Promise<ComponentType<Props>>,
  { load: when = "shown" }: OnDemandOptions = {},
): ComponentType<Props> {
  let loaded = server;
  const keep = (component: ComponentType<Props>) => (loaded = component);
  // One try before hydration: a page never waits on a part's retries to come alive.
  if (when === "shown") loaders.set(name, () => load().then(keep));
  return function OnDemand(props: Props) {
    const hydrated = useHydrated();
    const [Part, setPart] = useState(() => loaded);
    // Hydrating without the code: the server's markup, to keep until it comes.
    const [serverMarkup] = useState(() =>
      Part || hydrated
        ? null
        : (document.querySelector(selectorOf(name))?.innerHTML ?? null),
    );
    const [wanted, setWanted] = useState(when === "shown");
    const wrapper = useRef<HTMLDivElement>(null);
    const taps = useRef<number[][]>([]);

    useEffect(() => {
      if (Part || wanted) return;
      const first = wrapper.current?.firstElementChild;
      // Without markup to watch (shown by the browser alone), it is wanted at once.
      if (!first || typeof IntersectionObserver === "undefined") {
        setWanted(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
        },
        { rootMargin: NEAR_SCREEN },
      );
      observer.observe(first);
      return () => observer.disconnect();
    }, [Part, wanted]);

    useEffect(() => {
      if (Part || !wanted) return;
      let mounted = true;
      retryImport(load)
        .then((component) => {
          keep(component);
          if (mounted) setPart(() => component);
        })
        .catch(() => undefined);
      return () => {
        mounted = false;
      };
    }, [Part, wanted]);

    // Once it runs, the taps it was given while it waited, in order, on the same places of the same markup.
    useEffect(() => {
      const root = wrapper.current;
      if (!Part || !root) return;
      for (const place of taps.current.splice(0)) atPlace(root, place)?.click();
    }, [Part]);

    if (Part)
      return (
        <div className="on-demand" data-on-demand={name} ref={wrapper}>
          {createElement(Part, props)}
        </div>
      );
    if (serverMarkup !== null) {
      const keepTap = (event: MouseEvent<HTMLDivElement>) => {
        const target = (event.target as Element).closest(TAPPABLE);
        if (!target || !wrapper.current?.contains(target)) return;
        event.preventDefault();
        event.stopPropagation();
        if (taps.current.length < TAPS_KEPT)
          taps.current.push(placeOf(wrapper.current, target));
        setWanted(true);
      };
      return (
        <div
          className="on-demand"
          data-on-demand={name}
          ref={wrapper}
          onClickCapture={keepTap}
          onFocusCapture={() => setWanted(true)}
          dangerouslySetInnerHTML={{ __html: serverMarkup }}
        />
      );
    }
    return <Loader block />;
  };
}

/** Loads the code of every part the server's HTML shows (one try each), so hydration finds it in place. */
export async function partsOnThePage(root: ParentNode): Promise<void> {
  const names = new Set(
    [...root.querySelectorAll<HTMLElement>("[data-on-demand]")].map(
      (marker) => marker.dataset.onDemand ?? "",
    ),
  );
  await Promise.allSettled(
    [...names].map((name) => loaders.get(name)?.() ?? Promise.resolve()),
  );
}
