import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Link,
  useLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useReducer } from "react";
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
import {
  initialListOf,
  MarkAllReadButton,
  useMarkShownRead,
  useNotificationPages,
} from "~/components/notifications/NotificationList";
import type { NotificationView } from "#contract/coins";
import { pageTitle } from "#contract/format";
import { notificationHref, timeAgo } from "~/lib/notifications";
import { notificationListReducer } from "~/state/notification-list";
import { clientErrorMessage, viewerIdOf } from "~/server/loaders.server";
import "../components/notifications/notification-row.css";
import "./notifications.css";

export const meta: MetaFunction = () => [{ title: pageTitle("Notifications") }];

/**
 * The newest page of the viewer's notifications, or the page before `?before={id}` (Load more asks for it with a
 * fetcher): the same service call as GET /api/notifications.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  if (!viewerId) return { answer: null, error: null };
  const before = new URL(request.url).searchParams.get("before");
  return clientErrorMessage(() =>
    context.services.notifications.list(viewerId, before ? { before } : {}),
  );
}

/** The list keeps itself live (socket events, Load more): marking read does not read the page again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => !formMethod && defaultShouldRevalidate;

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
  const loaded = useLoaderData<typeof loader>();
  const [state, dispatch] = useReducer(
    notificationListReducer,
    loaded,
    initialListOf,
  );
  const { unread } = useNotifications();
  const { now, loadMore } = useNotificationPages(state, dispatch, loaded);
  useMarkShownRead(state, dispatch);

  const fresh = new Set(state.fresh);
  const canMarkAll = state.status === "ready" && (unread > 0 || fresh.size > 0);
  return (
    <div className="page notifications-page">
      <PageHeader
        title="Notifications"
        subtitle="Challenges from your friends, how your challenges went, the tournament prizes you win and what came of your reports."
        aside={
          state.items.length > 0 ? (
            <MarkAllReadButton canMarkAll={canMarkAll} dispatch={dispatch} />
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
