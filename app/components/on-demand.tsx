import { createElement, useEffect, useState, type ComponentType } from "react";
import { retryImport } from "~/lib/retry-import";
import { useHydrated } from "./ActionForm";
import { Loader } from "./Loader";
import "./on-demand.css";

/** The browser's loaders of the parts a page may show, by name: what `partsOnThePage` loads before hydration. */
const loaders = new Map<string, () => Promise<unknown>>();

const selectorOf = (name: string) => `[data-on-demand="${name}"]`;

/**
 * A part of a page that only some visits show (a challenge under `?challengeId`, the rate form under `?rate`): the
 * server renders it in place, and the browser loads its code only when the page shows it (issue #36: a page's first
 * load carries no code it does not show). One of each name on a page.
 *
 * `server` is the part itself in the server build and null in the browser's (`import.meta.env.SSR ? Part : null`),
 * so the browser's build drops the static import. The part's wrapper names it in the server's HTML, and the browser
 * loads its code before it hydrates the page (`partsOnThePage`, in entry.client.tsx): React then takes the markup
 * over as it is. Should that load fail, the page hydrates around the server's markup, kept as it is (forms work
 * without script), and the part comes alive when its code arrives. Shown later by the browser alone, a spinner holds
 * its place until then.
 */
export function onDemand<Props extends object>(
  name: string,
  server: ComponentType<Props> | null,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let loaded = server;
  const keep = (component: ComponentType<Props>) => (loaded = component);
  // One try before hydration: a page never waits on a part's retries to come alive.
  loaders.set(name, () => load().then(keep));
  return function OnDemand(props: Props) {
    const hydrated = useHydrated();
    const [Part, setPart] = useState(() => loaded);
    // Hydrating without the code: the server's markup, to keep until it comes.
    const [serverMarkup] = useState(() =>
      Part || hydrated
        ? null
        : (document.querySelector(selectorOf(name))?.innerHTML ?? null),
    );
    useEffect(() => {
      if (Part) return;
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
    }, [Part]);
    if (Part)
      return (
        <div className="on-demand" data-on-demand={name}>
          {createElement(Part, props)}
        </div>
      );
    if (serverMarkup !== null)
      return (
        <div
          className="on-demand"
          data-on-demand={name}
          dangerouslySetInnerHTML={{ __html: serverMarkup }}
        />
      );
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
