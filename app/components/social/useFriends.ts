import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, errorMessage } from "~/lib/api";
import type { Friend } from "#contract/types";
import { useSocket } from "../SocketProvider";

export interface FriendsList {
  /** Null until the first answer. */
  friends: Friend[] | null;
  error: string | null;
  /** Asks the server again; `quiet` keeps the current list on screen meanwhile. */
  reload: (quiet?: boolean) => void;
  /** Takes someone off the list at once (after unfriend or block). */
  remove: (friendId: number) => void;
  /** Puts someone just followed on the list at once, until the next answer has them. */
  add: (person: Friend) => void;
  /** Whether a friend is online now: the list's answer, or a later user-connection event. */
  isOnline: (friendId: number) => boolean;
}

interface PresenceChange {
  online: boolean;
  at: number;
}

/**
 * The viewer's friends (GET /api/social/friends/{userId}) with their presence kept live by user-connection events
 * (SPEC.md §7). A `blocked` event takes someone off at once. After the socket comes back from a drop the list is
 * asked for again, as events may have been missed.
 */
export function useFriends(
  viewerId: number | null,
  /** The list the page's loader read, shown at once instead of asking again. */
  initial: Friend[] | null = null,
): FriendsList {
  const [friends, setFriends] = useState<Friend[] | null>(initial);
  const fromLoader = useRef(initial !== null);
  const [error, setError] = useState<string | null>(null);
  // Presence events newer than the list on screen win over its is_online.
  const [presence, setPresence] = useState<ReadonlyMap<number, PresenceChange>>(
    new Map(),
  );
  const listAsked = useRef(0);
  const request = useRef(0);
  const socket = useSocket();

  const reload = useCallback(
    (quiet = false) => {
      if (viewerId === null) return;
      const mine = ++request.current;
      const askedAt = Date.now();
      if (!quiet) {
        setFriends(null);
        setError(null);
      }
      apiFetch<Friend[]>(`/api/social/friends/${viewerId}`)
        .then((list) => {
          if (mine !== request.current) return;
          listAsked.current = askedAt;
          setFriends(list);
          setError(null);
        })
        .catch((failure: unknown) => {
          if (mine !== request.current) return;
          if (!quiet) setError(errorMessage(failure));
        });
    },
    [viewerId],
  );

  useEffect(() => {
    if (fromLoader.current) fromLoader.current = false;
    else reload();
  }, [reload]);

  const remove = useCallback((friendId: number) => {
    setFriends(
      (list) => list?.filter((friend) => friend._id !== friendId) ?? list,
    );
  }, []);

  useEffect(
    () =>
      socket.subscribe((event) => {
        if (event.event === "user-connection") {
          const { userId, online } = event.data;
          setPresence((current) =>
            new Map(current).set(userId, { online, at: Date.now() }),
          );
        } else if (event.event === "blocked") {
          // Blocked apart (by either side, on any device): they leave the list and their presence is forgotten.
          const { userId } = event.data;
          remove(userId);
          setPresence((current) =>
            new Map(current).set(userId, { online: false, at: Date.now() }),
          );
        }
      }),
    [socket, remove],
  );

  // Back after a drop (not the first connect): presence changes may have been missed.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (socket.status !== "open") return;
    if (wasOpen.current) reload(true);
    wasOpen.current = true;
  }, [socket.status, reload]);

  const add = useCallback((person: Friend) => {
    setFriends((list) =>
      !list || list.some((friend) => friend._id === person._id)
        ? list
        : [...list, { ...person, isFriend: true, followStatus: true }].sort(
            (a, b) =>
              a.name.localeCompare(b.name, "en", { sensitivity: "base" }),
          ),
    );
  }, []);

  const isOnline = useCallback(
    (friendId: number) => {
      const change = presence.get(friendId);
      if (change && change.at >= listAsked.current) return change.online;
      return (
        friends?.find((friend) => friend._id === friendId)?.is_online ?? false
      );
    },
    [presence, friends],
  );

  return { friends, error, reload, remove, add, isOnline };
}
