import {
  createElement,
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
import { retryImport } from "~/lib/retry-import";
import { Loader } from "./Loader";
import { Modal } from "./Modal";

interface DialogProps {
  onClose: () => void;
}

/**
 * The dialog that takes a stand-in's place opens where the stand-in was: its panel does not play the opening
 * animation again, which would read as the dialog closing and reopening.
 */
function InPlaceOfStandIn({
  standInShown,
  children,
}: {
  standInShown: { current: boolean };
  children: ReactNode;
}) {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (!standInShown.current) return;
    const panel =
      marker.current?.nextElementSibling?.querySelector<HTMLElement>(
        ".modal__panel",
      );
    if (panel) panel.style.animation = "none";
  }, [standInShown]);
  return (
    <>
      <span ref={marker} hidden />
      {children}
    </>
  );
}

/**
 * A dialog whose code loads when it first opens, not with the page (issue #36: a page's first load carries no form
 * it has not shown). Until it arrives, the same dialog frame with its title and a spinner stands in, so a tap
 * answers at once and nothing behind the dialog moves.
 */
export function lazyDialog<Props extends DialogProps>(
  title: string,
  load: () => Promise<ComponentType<Props>>,
) {
  const Dialog = lazy<ComponentType<Props>>(() =>
    retryImport(load).then((component) => ({ default: component })),
  );
  function StandIn({
    onClose,
    shown,
  }: DialogProps & { shown: { current: boolean } }) {
    shown.current = true;
    return (
      <Modal labelledBy="dialog-loading-title" onClose={onClose}>
        <header className="modal__header">
          <h2 id="dialog-loading-title" className="modal__title">
            {title}
          </h2>
        </header>
        <Loader block />
      </Modal>
    );
  }
  return function LazyDialog(props: Props) {
    const standInShown = useRef(false);
    // Where focus was when the dialog opened: the stand-in's own dialog held focus when the real one mounted, so the
    // real one cannot tell where to give it back.
    const [opener] = useState(() =>
      typeof document !== "undefined" &&
      document.activeElement instanceof HTMLElement
        ? document.activeElement
        : null,
    );
    useEffect(
      () => () => {
        // After the dialog's own clean-up, which may have given focus to the stand-in's place.
        window.setTimeout(() => {
          if (opener?.isConnected && !document.querySelector("dialog[open]"))
            opener.focus({ preventScroll: true });
        });
      },
      [opener],
    );
    return (
      <Suspense
        fallback={<StandIn onClose={props.onClose} shown={standInShown} />}
      >
        <InPlaceOfStandIn standInShown={standInShown}>
          {/* lazy() cannot carry a generic Props through its ref-aware prop types. */}
          {createElement(Dialog as unknown as ComponentType<Props>, props)}
        </InPlaceOfStandIn>
      </Suspense>
    );
  };
}
