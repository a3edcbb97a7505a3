import { Link } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import type { Inbox, InboxEntry } from "#contract/inbox";
import type { Friend } from "#contract/types";
import { timeAgo } from "~/lib/notifications";
import { EmptyState } from "../EmptyState";
import { AlertIcon } from "../icons";
import { Loader } from "../Loader";
import { useSocket } from "../SocketProvider";
import { inboxUpdateOf } from "./UnreadMessages";
import { EmptyTab } from "./EmptyTab";
import { ChatIcon } from "./icons";
import { PersonAvatar } from "./PersonAvatar";
import type { FriendsList } from "./useFriends";
import "./MessagesTab.css";

const MINUTE = 60_000;

/**
 * The inbox's entries, newest first: what the loader read, kept live by the socket's inbox updates (a message in or
 * out, whose frame carries it; `inbox_update` for a chat seen in any tab, a friend blocked or unfollowed). Null when
 * the loader could not read them.
 */
export function useInbox(initial: Inbox | null): InboxEntry[] | null {
  const [entries, setEntries] = useState(initial?.entries ?? null);
  // The loader read again (a new address, a reload of its data): its answer replaces what the socket said since.
  const [lastInitial, setLastInitial] = useState(initial);
  if (initial !== lastInitial) {
    setLastInitial(initial);
    setEntries(initial?.entries ?? null);
  }
  const { subscribe } = useSocket();
  useEffect(
    () =>
      subscribe((event) => {
        const update = inboxUpdateOf(event);
        if (!update) return;
        const { friendId, entry } = update;
        setEntries((current) => {
          const others = (current ?? []).filter(
            (kept) => kept.friendId !== friendId,
          );
          if (!entry) return others;
          return [...others, entry].sort(
            (a, b) => Date.parse(b.at) - Date.parse(a.at),
          );
        });
      }),
    [subscribe],
  );
  return entries;
}

export interface MessagesTabProps {
  entries: InboxEntry[] | null;
  list: FriendsList;
  /** The friend whose chat is open, highlighted. */
  chatWith: number | null;
  onChat: (friend: Friend) => void;
  onFriends: () => void;
}

/**
 * /social's Messages tab (ADR 028): one row per conversation, newest first, with the friend, the last message ("You:
 * …" for the player's own), its time and the unread count. A row opens that chat. Rows of people the player can no
 * longer chat with (not friends both ways) are left out.
 */
export function MessagesTab({
  entries,
  list,
  chatWith,
  onChat,
  onFriends,
}: MessagesTabProps) {
  const { friends, isOnline } = list;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  const rows = useMemo(() => {
    const byId = new Map(
      (friends ?? [])
        .filter((friend) => friend.follows_back)
        .map((friend) => [friend._id, friend]),
    );
    return (entries ?? []).flatMap((entry) => {
      const friend = byId.get(entry.friendId);
      return friend ? [{ entry, friend }] : [];
    });
  }, [entries, friends]);

  if (!entries) {
    return (
      <EmptyState
        title="Your messages could not be loaded"
        icon={<AlertIcon size={28} />}
        actions={
          <a href="/social?tab=messages" className="button button--primary">
            Try again
          </a>
        }
      />
    );
  }
  if (!friends && entries.length > 0) return <Loader block />;
  if (rows.length === 0) {
    return (
      <EmptyTab
        title="No messages yet"
        icon={<ChatIcon size={28} />}
        text="Your conversations show here, newest first, with what is new in each."
        to="/social"
        action="Chat with a friend"
        onOpen={onFriends}
      />
    );
  }
  return (
    <section className="social-section" aria-label="Messages">
      <ul className="people-list inbox-list" data-testid="inbox">
        {rows.map(({ entry, friend }) => {
          const online = isOnline(friend._id);
          const classes = ["person", "inbox-row"];
          if (friend._id === chatWith) classes.push("is-current");
          if (entry.unread > 0) classes.push("has-unread");
          return (
            <li key={entry.friendId}>
              <Link
                to={`/social?chat=${friend._id}`}
                className={classes.join(" ")}
                data-testid="inbox-row"
                aria-current={friend._id === chatWith ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onChat(friend);
                }}
              >
                <PersonAvatar person={friend} online={online} />
                <span className="person__text">
                  <span className="inbox-row__top">
                    <span className="person__name">{friend.name}</span>
                    <time className="inbox-row__time" dateTime={entry.at}>
                      {timeAgo(entry.at, now)}
                    </time>
                  </span>
                  <span className="inbox-row__bottom">
                    <span className="person__meta inbox-row__preview">
                      {entry.fromMe ? "You: " : ""}
                      {entry.preview}
                    </span>
                    {entry.unread > 0 ? (
                      <span
                        className="inbox-row__unread"
                        data-testid="inbox-unread"
                      >
                        {entry.unread > 99 ? "99+" : entry.unread}
                        <span className="visually-hidden">
                          {entry.unread === 1
                            ? " unread message"
                            : " unread messages"}
                        </span>
                      </span>
                    ) : null}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
