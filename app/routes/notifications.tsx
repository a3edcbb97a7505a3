import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useLoginPopupForVisitors } from "~/components/AccountProvider";
import { EmptyState, LoginRequired } from "~/components/EmptyState";
import { Loader } from "~/components/Loader";
import {
  BellIcon,
  NotificationTypeIcon,
} from "~/components/notifications/icons";
import { useNotifications } from "~/components/notifications/NotificationsProvider";
import { PageHeader } from "~/components/PageHeader";
import { useViewer } from "~/components/root-data";
import { useSocket } from "~/components/SocketProvider";
import { apiFetch, errorMessage } from "~/lib/api";
import type { NotificationView } from "#contract/coins";
import { pageTitle } from "#contract/format";
import type { NotificationsPage } from "#contract/notifications";
import { notificationHref, timeAgo } from "~/lib/notifications";
import {
  initialNotificationList,
  notificationListReducer,
  oldestId,
  unreadShown,
} from "~/state/notification-list";
import "../components/notifications/notification-row.css";
import "./notifications.css";

export const meta: MetaFunction = () => [{ title: pageTitle("Notifications") }];

/** /notifications: the player's notifications, newest first; opening them marks what is shown as read. */
export default function Notifications() {
  const viewer = useViewer();
  useLoginPopupForVisitors();

  if (!viewer) {
    return (
      <div className="page notifications-page">
        <PageHeader title="Notifications" />
        <LoginRequired
          what="your notifications"
          icon={<BellIcon size={28} />}
          description="Log in to see the challenges your friends send you and how your own challenges went."
        />
      </div>
    );
  }
  return <NotificationCenter key={viewer._id} />;
}

function NotificationCenter() {
  const [state, dispatch] = useReducer(
    notificationListReducer,
    initialNotificationList,
  );
  const { unread, setUnread, markRead } = useNotifications();
  const { subscribe } = useSocket();
  const [now, setNow] = useState(() => Date.now());
  const [markingAll, setMarkingAll] = useState(false);
  const markingShown = useRef(new Set<number>());

  const load = useCallback(
    async (before: number | null, signal?: AbortSignal) => {
      try {
        const page = await apiFetch<NotificationsPage>(
          `/api/notifications${before ? `?before=${before}` : ""}`,
          { signal },
        );
        dispatch({ type: "pageLoaded", page });
        setUnread(page.unread);
        setNow(Date.now());
      } catch (failure) {
        if (!signal?.aborted)
          dispatch({ type: "loadFailed", message: errorMessage(failure) });
      }
    },
    [setUnread],
  );

  useEffect(() => {
    if (state.status !== "loading") return;
    const controller = new AbortController();
    void load(null, controller.signal);
    return () => controller.abort();
  }, [state.status, load]);

  // What is on screen has been seen: tell the server, once per notification.
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
  }, [toMarkKey, markRead]);

  useEffect(
    () =>
      subscribe((event) => {
        if (event.event === "new_challenge" || event.event === "notification") {
          dispatch({ type: "received", notification: event.data });
          setNow(Date.now());
        }
      }),
    [subscribe],
  );

  const loadMore = () => {
    const before = oldestId(state);
    if (before === null || state.loadingMore) return;
    dispatch({ type: "moreRequested" });
    void load(before);
  };

  const markAll = async () => {
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

  const fresh = new Set(state.fresh);
  const canMarkAll = state.status === "ready" && (unread > 0 || fresh.size > 0);
  return (
    <div className="page notifications-page">
      <PageHeader
        title="Notifications"
        subtitle="Challenges from your friends, how your challenges went and the tournament prizes you win."
        aside={
          state.items.length > 0 ? (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={markAll}
              disabled={!canMarkAll || markingAll}
              aria-busy={markingAll}
            >
              {markingAll ? "Marking…" : "Mark all as read"}
            </button>
          ) : null
        }
      />

      {state.status === "loading" ? <Loader block /> : null}

      {state.status === "error" ? (
        <div className="notifications-page__failed">
          <p className="alert alert--error" role="alert">
            {state.error}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dispatch({ type: "retried" })}
          >
            Try again
          </button>
        </div>
      ) : null}

      {state.status === "ready" && state.items.length === 0 ? (
        <EmptyState
          title="No notifications yet"
          icon={<BellIcon size={28} />}
          actions={
            <>
              <Link to="/social" className="button button--primary">
                Find friends
              </Link>
              <Link to="/challenges" className="button button--ghost">
                Your challenges
              </Link>
            </>
          }
        >
          <p>
            When a friend challenges you, or someone takes on a challenge you
            sent, you will find it here.
          </p>
        </EmptyState>
      ) : null}

      {state.items.length > 0 ? (
        <ul className="notification-list" aria-label="Notifications">
          {state.items.map((notification) => (
            <NotificationRow
              key={notification._id}
              notification={notification}
              fresh={fresh.has(notification._id)}
              now={now}
            />
          ))}
        </ul>
      ) : null}

      {state.status === "ready" && state.error ? (
        <p
          className="alert alert--error notifications-page__error"
          role="alert"
        >
          {state.error}
        </p>
      ) : null}

      {state.status === "ready" && state.hasMore ? (
        <div className="notifications-page__more">
          <button
            type="button"
            className="button button--secondary"
            onClick={loadMore}
            disabled={state.loadingMore}
            aria-busy={state.loadingMore}
          >
            {state.loadingMore ? "Loading…" : "Load more"}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function NotificationRow({
  notification,
  fresh,
  now,
}: {
  notification: NotificationView;
  fresh: boolean;
  now: number;
}) {
  const href = notificationHref(notification);
  const body = (
    <>
      <span
        className={`notification-row__icon notification-row__icon--${notification.type}`}
        aria-hidden="true"
      >
        <NotificationTypeIcon type={notification.type} size={20} />
      </span>
      <span className="notification-row__text">
        <span className="notification-row__content">
          {notification.content}
        </span>
        <time
          className="notification-row__time"
          dateTime={notification.created_dt}
        >
          {timeAgo(notification.created_dt, now)}
        </time>
      </span>
      {fresh ? (
        <span className="notification-row__new">
          <span className="visually-hidden">New</span>
        </span>
      ) : null}
    </>
  );
  return (
    <li
      className={fresh ? "notification-row is-new" : "notification-row"}
      data-testid="notification"
    >
      {href ? (
        <Link to={href} className="notification-row__link">
          {body}
        </Link>
      ) : (
        <div className="notification-row__link">{body}</div>
      )}
    </li>
  );
}
