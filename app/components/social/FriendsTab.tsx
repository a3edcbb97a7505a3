import { Link, useNavigate } from "@remix-run/react";
import { useCallback, useMemo, useState } from "react";
import type { Friend } from "#contract/types";
import { ACTION_PATHS } from "../ActionForm";
import { Dot } from "../Dot";
import { EmptyState } from "../EmptyState";
import { AlertIcon, SocialIcon, VersusIcon } from "../icons";
import { SearchIcon } from "../page-icons";
import { playWithFriendPath } from "#contract/friend-matches";
import { Loader } from "../Loader";
import { ActionMenu } from "./ActionMenu";
import { ConfirmDialog } from "./ConfirmDialog";
import { EmptyTab } from "./EmptyTab";
import { reportPath } from "#contract/reports";
import { BlockIcon, ChatIcon, FlagIcon, UserMinusIcon } from "./icons";
import { PersonAvatar } from "./PersonAvatar";
import { SearchField } from "./SearchField";
import type { FriendsList } from "./useFriends";
import "./FriendsTab.css";

/** SPEC.md §8: the empty friends list. */
const EMPTY_FRIENDS_MESSAGE =
  "Your friend's list is empty. Go to Find People and start making friends";

export interface FriendsTabProps {
  list: FriendsList;
  /** The friend whose chat is open, highlighted in the list. */
  chatWith: number | null;
  onChat: (friend: Friend) => void;
  onFindPeople: () => void;
  /** The friend was blocked: they leave the list and any open chat with them closes. */
  onBlocked: (friendId: number) => void;
}

type Pending = { kind: "unfriend" | "block"; friend: Friend } | null;

/** Case-insensitive match anywhere in the name (the list is on screen already, so this filters without asking). */
const matches = (friend: Friend, query: string) =>
  friend.name.toLowerCase().includes(query.trim().toLowerCase());

/** SPEC.md §2 Friends: who the viewer follows, online ones with a green dot, a filter, Chat, Unfriend and Block. */
export function FriendsTab({
  list,
  chatWith,
  onChat,
  onFindPeople,
  onBlocked,
}: FriendsTabProps) {
  const [query, setQuery] = useState("");
  const [pending, setPending] = useState<Pending>(null);
  const { friends, error, reload, remove, isOnline } = list;
  const shown = useMemo(
    () => (friends ?? []).filter((friend) => matches(friend, query)),
    [friends, query],
  );

  // The server did it: the friend leaves the list (a block also closes their chat).
  const pendingDone = useCallback(() => {
    if (!pending) return;
    if (pending.kind === "unfriend") remove(pending.friend._id);
    else onBlocked(pending.friend._id);
    setPending(null);
  }, [pending, remove, onBlocked]);

  if (error) {
    return (
      <EmptyState
        title="Your friends could not be loaded"
        icon={<AlertIcon size={28} />}
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={() => reload()}
          >
            Try again
          </button>
        }
      >
        <p role="alert">{error}</p>
      </EmptyState>
    );
  }
  if (!friends) return <Loader block />;
  if (friends.length === 0) {
    return (
      <EmptyTab
        title="No friends yet"
        icon={<SocialIcon size={28} />}
        text={EMPTY_FRIENDS_MESSAGE}
        to="/social?tab=find"
        action={
          <>
            <SearchIcon size={18} /> Find People
          </>
        }
        onOpen={onFindPeople}
      />
    );
  }

  const onlineCount = friends.filter((friend) => isOnline(friend._id)).length;

  return (
    <section className="social-section" aria-label="Friends">
      <div className="social-toolbar">
        <SearchField value={query} onChange={setQuery} />
        <p className="social-toolbar__count" aria-live="polite">
          {friends.length} {friends.length === 1 ? "friend" : "friends"}
          {onlineCount > 0 ? (
            <span className="social-toolbar__online">
              <Dot size={8} /> {onlineCount} online
            </span>
          ) : null}
        </p>
      </div>
      {shown.length === 0 ? (
        <p className="social-note">
          No friend&apos;s name contains &ldquo;{query.trim()}&rdquo;.
        </p>
      ) : (
        <>
          {/* Chat and the ⋯ menu need JavaScript: without it only Unfollow is offered. */}
          <noscript>
            <style>
              {
                ".friends-row .needs-script, .friends-row .action-menu { display: none; }"
              }
            </style>
          </noscript>
          <ul className="people-list" data-testid="friends-list">
            {shown.map((friend) => (
              <FriendRow
                key={friend._id}
                friend={friend}
                online={isOnline(friend._id)}
                current={friend._id === chatWith}
                onChat={onChat}
                onPending={setPending}
              />
            ))}
          </ul>
        </>
      )}
      {pending ? (
        <PendingDialog
          pending={pending}
          onDone={pendingDone}
          onClose={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}

interface FriendRowProps {
  friend: Friend;
  online: boolean;
  /** Their chat is open. */
  current: boolean;
  onChat: (friend: Friend) => void;
  onPending: (pending: Pending) => void;
}

/** One friend: presence, Chat, Play when they follow back, and Unfriend and Block behind the ⋯ menu. */
function FriendRow({
  friend,
  online,
  current,
  onChat,
  onPending,
}: FriendRowProps) {
  const navigate = useNavigate();
  return (
    <li
      className={
        current ? "person friends-row is-current" : "person friends-row"
      }
      data-testid="friend"
    >
      <PersonAvatar person={friend} online={online} />
      <span className="person__text">
        <span className="person__name">{friend.name}</span>
        <span className={online ? "person__meta is-online" : "person__meta"}>
          {friend.follows_back
            ? online
              ? "Online"
              : "Offline"
            : "Not following you back yet"}
        </span>
      </span>
      <div className="person__actions">
        <button
          type="button"
          className="button button--primary button--small needs-script"
          aria-label={`Chat with ${friend.name}`}
          // Not disabled when they do not follow back: they may have since, and the chat says so if not.
          onClick={() => onChat(friend)}
        >
          <ChatIcon size={16} />
          <span className="friends-row__label">Chat</span>
        </button>
        {friend.follows_back ? (
          <Link
            to={playWithFriendPath({ friendId: friend._id })}
            className="button button--secondary button--small"
            aria-label={`Play with ${friend.name}`}
          >
            <VersusIcon size={16} />
            <span className="friends-row__label">Play</span>
          </Link>
        ) : null}
        {/* Without JavaScript the menu cannot open: a plain Unfollow form stands in for it. */}
        <noscript>
          <form method="post" action={ACTION_PATHS.follow} className="follow">
            <input type="hidden" name="intent" value="unfollow" />
            <input type="hidden" name="to" value={friend._id} />
            <input type="hidden" name="redirectTo" value="/social" />
            <button
              type="submit"
              className="button button--secondary button--small"
              aria-label={`Unfollow ${friend.name}`}
            >
              Unfollow
            </button>
          </form>
          <Link
            to={reportPath("player", friend._id)}
            className="button button--secondary button--small"
            aria-label={`Report ${friend.name}`}
          >
            Report
          </Link>
        </noscript>
        <ActionMenu
          label={`More for ${friend.name}`}
          actions={[
            {
              label: "Unfriend",
              icon: <UserMinusIcon size={18} />,
              onSelect: () => onPending({ kind: "unfriend", friend }),
            },
            {
              label: "Report",
              icon: <FlagIcon size={18} />,
              onSelect: () => navigate(reportPath("player", friend._id)),
            },
            {
              label: "Block",
              icon: <BlockIcon size={18} />,
              onSelect: () => onPending({ kind: "block", friend }),
              danger: true,
            },
          ]}
        />
      </div>
    </li>
  );
}

/** Unfriend or Block, asked first. */
function PendingDialog({
  pending: { kind, friend },
  onDone,
  onClose,
}: {
  pending: NonNullable<Pending>;
  onDone: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={
        kind === "unfriend"
          ? `Unfriend ${friend.name}?`
          : `Block ${friend.name}?`
      }
      confirmLabel={kind === "unfriend" ? "Unfriend" : "Block"}
      intent={kind}
      userId={friend._id}
      onDone={onDone}
      onClose={onClose}
    >
      <p>
        {kind === "unfriend"
          ? "They leave your friends list. You can follow them again from Find People at any time."
          : "They can no longer message you, challenge you or follow you, and you stop following each other."}
      </p>
    </ConfirmDialog>
  );
}
