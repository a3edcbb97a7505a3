import { Form, useFetcher } from "@remix-run/react";
import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type FormEvent,
} from "react";
import { errorMessage } from "~/lib/api";
import type { NotificationsPage } from "#contract/notifications";
import type { loader } from "~/routes/notifications";
import {
  initialNotificationList,
  notificationListReducer,
  oldestId,
  unreadShown,
  type NotificationListAction,
  type NotificationListState,
} from "~/state/notification-list";
import { ReturnHereField } from "../ActionForm";
import { useSocket } from "../SocketProvider";
import { useNotifications } from "./NotificationsProvider";
import { MARK_READ_PATH } from "./useMarkRead";

/** What the notifications page's loader read: a page, or why it could not. */
export type LoadedNotifications =
  | { answer: NotificationsPage; error: null }
  | { answer: null; error: string | null };

/** The list as the loader left it: its first page, or the failure with Try again. */
export function initialListOf(
  loaded: LoadedNotifications,
): NotificationListState {
  if (loaded.answer)
    return notificationListReducer(initialNotificationList, {
      type: "pageLoaded",
      page: loaded.answer,
    });
  if (loaded.error)
    return notificationListReducer(initialNotificationList, {
      type: "loadFailed",
      message: loaded.error,
    });
  return initialNotificationList;
}

/**
 * The pages after the loader's first: Load more (and Try again) ask the route's loader with a fetcher. New
 * notifications arrive on the socket. `now` is when the list last changed, for the rows' "2 min ago".
 */
export function useNotificationPages(
  state: NotificationListState,
  dispatch: Dispatch<NotificationListAction>,
  loaded: LoadedNotifications,
) {
  const { setUnread } = useNotifications();
  const { subscribe } = useSocket();
  const [now, setNow] = useState(() => Date.now());
  const fetcher = useFetcher<typeof loader>();

  // The loader's page has the server's count, newer than the root loader's.
  const firstUnread = loaded.answer?.unread;
  useEffect(() => {
    if (firstUnread !== undefined) setUnread(firstUnread);
  }, [firstUnread, setUnread]);

  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    const page = fetcher.state === "idle" ? fetcher.data : undefined;
    if (!page || handled.current === page) return;
    handled.current = page;
    if (page.answer) {
      dispatch({ type: "pageLoaded", page: page.answer });
      setUnread(page.answer.unread);
      setNow(Date.now());
    } else dispatch({ type: "loadFailed", message: page.error ?? "Try again" });
  }, [fetcher.state, fetcher.data, dispatch, setUnread]);

  // Try again after the first page failed.
  const { load } = fetcher;
  useEffect(() => {
    if (state.status === "loading") load("/notifications");
  }, [state.status, load]);

  useEffect(
    () =>
      subscribe((event) => {
        if (event.event === "new_challenge" || event.event === "notification") {
          dispatch({ type: "received", notification: event.data });
          setNow(Date.now());
        }
      }),
    [subscribe, dispatch],
  );

  const loadMore = () => {
    const before = oldestId(state);
    if (before === null || state.loadingMore) return;
    dispatch({ type: "moreRequested" });
    load(`/notifications?before=${before}`);
  };
  return { now, loadMore };
}

/** What is on screen has been seen: the server is told, once per notification (again if telling it failed). */
export function useMarkShownRead(
  state: NotificationListState,
  dispatch: Dispatch<NotificationListAction>,
) {
  const { markRead } = useNotifications();
  const markingShown = useRef(new Set<number>());
  const toMark = unreadShown(state).filter(
    (id) => !markingShown.current.has(id),
  );
  const toMarkKey = toMark.join(",");
  useEffect(() => {
    if (!toMarkKey) return;
    const ids = toMarkKey.split(",").map(Number);
    for (const id of ids) markingShown.current.add(id);
    markRead(ids)
      .then(() => dispatch({ type: "markedRead", ids }))
      .catch(() => {
        for (const id of ids) markingShown.current.delete(id);
      });
  }, [toMarkKey, markRead, dispatch]);
}

/** Mark all as read: a form posting to the action, so it works without JavaScript too. */
export function MarkAllReadButton({
  canMarkAll,
  dispatch,
}: {
  canMarkAll: boolean;
  dispatch: Dispatch<NotificationListAction>;
}) {
  const { markRead } = useNotifications();
  const [markingAll, setMarkingAll] = useState(false);

  const markAll = async (event: FormEvent) => {
    event.preventDefault();
    setMarkingAll(true);
    try {
      await markRead();
      dispatch({ type: "allRead" });
    } catch (failure) {
      dispatch({ type: "actionFailed", message: errorMessage(failure) });
    } finally {
      setMarkingAll(false);
    }
  };

  return (
    <Form
      method="post"
      action={MARK_READ_PATH}
      onSubmit={(event) => void markAll(event)}
    >
      <ReturnHereField />
      <button
        type="submit"
        className="button button--ghost button--small"
        disabled={!canMarkAll || markingAll}
        aria-busy={markingAll}
      >
        {markingAll ? "Marking…" : "Mark all as read"}
      </button>
    </Form>
  );
}
