import { useEffect, useRef, type RefObject } from "react";
import {
  FEED_ANIMATION_MS,
  WHEEL_THRESHOLD,
  type FeedAction,
} from "~/state/feed";

/** A pointer that travels at least this far counts as a swipe; less is a tap. */
const SWIPE_MIN_PX = 40;
const TAP_MAX_PX = 10;

/** Whether `element` has more to scroll in the wheel's direction. */
const canScroll = (element: Element, deltaY: number) =>
  deltaY > 0
    ? element.scrollTop + element.clientHeight < element.scrollHeight - 1
    : element.scrollTop > 0;

export interface FeedGestureOptions {
  stageRef: RefObject<HTMLElement>;
  dispatch: (action: FeedAction) => void;
  drawerOpen: boolean;
  /** A popup (login, sign-up) is open: keys belong to it. */
  popupOpen: boolean;
  /** The vertical distance the finger has dragged the feed, 0 when released. */
  onDrag: (offset: number) => void;
}

/**
 * Swipe (pointer: mouse, pen or touch), wheel and arrow keys for the feed (SPEC.md §4).
 * Vertical swipes move between items, horizontal swipes open and close the drawers, a tap on the video is left to it.
 */
export function useFeedGestures({
  stageRef,
  dispatch,
  drawerOpen,
  popupOpen,
  onDrag,
}: FeedGestureOptions) {
  const latest = useRef({ dispatch, drawerOpen, popupOpen, onDrag });
  latest.current = { dispatch, drawerOpen, popupOpen, onDrag };

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    let start: { x: number; y: number; id: number; inDrawer: boolean } | null =
      null;
    let axis: "x" | "y" | null = null;
    let wheelLockedUntil = 0;
    let wheelSum = 0;

    const onPointerDown = (event: PointerEvent) => {
      if (event.button !== 0 || !event.isPrimary) return;
      const inDrawer =
        event.target instanceof Element &&
        !!event.target.closest(".feed-drawer");
      start = {
        x: event.clientX,
        y: event.clientY,
        id: event.pointerId,
        inDrawer,
      };
      axis = null;
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!start || event.pointerId !== start.id) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      if (!axis && Math.max(Math.abs(dx), Math.abs(dy)) > TAP_MAX_PX)
        axis = Math.abs(dy) > Math.abs(dx) ? "y" : "x";
      // The feed follows the finger vertically (drawers scroll their own content instead).
      if (axis === "y" && !latest.current.drawerOpen && !start.inDrawer)
        latest.current.onDrag(dy * 0.6);
    };
    const finish = (event: PointerEvent) => {
      if (!start || event.pointerId !== start.id) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      const { dispatch, drawerOpen } = latest.current;
      const from = start;
      start = null;
      latest.current.onDrag(0);
      if (event.type === "pointercancel") return;
      if (
        axis === "y" &&
        Math.abs(dy) >= SWIPE_MIN_PX &&
        !drawerOpen &&
        !from.inDrawer
      ) {
        // Finger up pulls the next item in, like a paper stack.
        dispatch({
          type: "swipeVertical",
          direction: dy < 0 ? "next" : "previous",
        });
      } else if (axis === "x" && Math.abs(dx) >= SWIPE_MIN_PX) {
        dispatch({
          type: "swipeHorizontal",
          direction: dx < 0 ? "left" : "right",
        });
      }
    };
    // A drag that ended on a link or button must not also click it.
    let suppressClick = false;
    const onPointerUpCapture = () => {
      suppressClick = axis !== null;
    };
    const onClickCapture = (event: MouseEvent) => {
      if (suppressClick) {
        event.preventDefault();
        event.stopPropagation();
      }
      suppressClick = false;
    };

    const onWheel = (event: WheelEvent) => {
      if (
        latest.current.drawerOpen ||
        (event.target instanceof Element &&
          event.target.closest(".feed-drawer"))
      )
        return;
      // An opened long description scrolls under the wheel until its end; a finger's swipe always moves the feed.
      const text =
        event.target instanceof Element
          ? event.target.closest(".feed-game__description.is-expanded")
          : null;
      if (text && canScroll(text, event.deltaY)) return;
      event.preventDefault();
      // One step per gesture: a trackpad's inertia keeps firing while the slide animates.
      if (performance.now() < wheelLockedUntil) return;
      const deltaY = event.deltaMode === 1 ? event.deltaY * 40 : event.deltaY;
      latest.current.dispatch({ type: "wheel", deltaY });
      // Mirrors the reducer's sum to know when it stepped.
      wheelSum += deltaY;
      if (Math.abs(wheelSum) >= WHEEL_THRESHOLD) {
        wheelSum = 0;
        wheelLockedUntil = performance.now() + FEED_ANIMATION_MS * 0.6;
      }
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const { dispatch, drawerOpen, popupOpen } = latest.current;
      if (
        popupOpen ||
        event.defaultPrevented ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey
      )
        return;
      const target = event.target;
      if (
        target instanceof HTMLElement &&
        (target.isContentEditable ||
          /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
      )
        return;
      if (event.key === "Escape" && drawerOpen) {
        dispatch({ type: "closeDrawer" });
        return;
      }
      if (
        (event.key === "ArrowDown" || event.key === "ArrowUp") &&
        !drawerOpen
      ) {
        event.preventDefault();
        dispatch({ type: "key", key: event.key });
      }
    };

    // Links and images are draggable: a native drag would cancel the pointer mid-swipe.
    const onDragStart = (event: DragEvent) => event.preventDefault();

    stage.addEventListener("pointerdown", onPointerDown);
    stage.addEventListener("dragstart", onDragStart);
    window.addEventListener("pointermove", onPointerMove);
    window.addEventListener("pointerup", finish);
    window.addEventListener("pointercancel", finish);
    stage.addEventListener("pointerup", onPointerUpCapture, true);
    stage.addEventListener("click", onClickCapture, true);
    stage.addEventListener("wheel", onWheel, { passive: false });
    window.addEventListener("keydown", onKeyDown);
    return () => {
      stage.removeEventListener("pointerdown", onPointerDown);
      stage.removeEventListener("dragstart", onDragStart);
      window.removeEventListener("pointermove", onPointerMove);
      window.removeEventListener("pointerup", finish);
      window.removeEventListener("pointercancel", finish);
      stage.removeEventListener("pointerup", onPointerUpCapture, true);
      stage.removeEventListener("click", onClickCapture, true);
      stage.removeEventListener("wheel", onWheel);
      window.removeEventListener("keydown", onKeyDown);
    };
  }, [stageRef]);
}
