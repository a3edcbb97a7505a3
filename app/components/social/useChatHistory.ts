import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type Dispatch } from "react";
import { ApiError, apiFetch, errorMessage } from "~/lib/api";
import type { HistoryPage } from "#contract/chat";
import type { PublicProfile } from "#contract/types";
import type { loader as chatOpeningLoader } from "~/routes/social_.chat.$friendId";
import { undeliveredFromFriend, type ChatAction } from "~/state/chat";
import type { useSocket } from "../SocketProvider";
import type { ChatPerson } from "./ChatPanel";

interface Opening {
  profile: PublicProfile | null;
  profileError: string | null;
  /** Why the chat is refused, null when it may be read, undefined until that is known. */
  refusal: string | null | undefined;
}

/**
 * Whom the chat is with and whether it can be read, before its history is asked for. A friend known to follow back
 * (or one the list has not told about) is read straight away; anyone else (not in the friends list, or not following
 * back as far as the list knows) is asked about first through the chat's route loader, which also names them.
 */
function useChatOpening(
  friendId: number,
  friend: ChatPerson | null | undefined,
): Opening {
  const fetcher = useFetcher<typeof chatOpeningLoader>();
  const ask = friend === null || friend?.follows_back === false;
  const { load } = fetcher;
  useEffect(() => {
    if (ask) load(`/social/chat/${friendId}`);
  }, [ask, friendId, load]);
  if (!ask) return { profile: null, profileError: null, refusal: null };
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return {
    profile: answer?.profile ?? null,
    profileError: answer?.profileError ?? null,
    refusal: answer ? answer.refusal : undefined,
  };
}

/**
 * The chat's history, read client-side from GET /api/chat: its pages interleave with the live socket (the newest is
 * read again after the socket comes back from a drop, undelivered messages in it are acknowledged on the socket), so
 * it stays beside the socket rather than in the page's loader. Also what the viewer reported earlier, and why the
 * server refuses the chat, if it does.
 */
export function useChatHistory({
  viewerId,
  friendId,
  friend,
  status,
  send,
  dispatch,
}: {
  viewerId: number;
  friendId: number;
  friend: ChatPerson | null | undefined;
  status: string;
  send: ReturnType<typeof useSocket>["send"];
  dispatch: Dispatch<ChatAction>;
}) {
  const opening = useChatOpening(friendId, friend);
  const [historyError, setHistoryError] = useState<string | null>(null);
  const [historyRefusal, setRefusal] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [reported, setReported] = useState<ReadonlySet<string>>(new Set());
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const readable = opening.refusal === null;
  const loadHistory = useCallback(
    async (before?: number) => {
      if (!readable) return;
      const query = before ? `?before=${before}` : "";
      if (before) setLoadingOlder(true);
      try {
        const page = await apiFetch<HistoryPage>(
          `/api/chat/${viewerId}/${friendId}${query}`,
        );
        if (!alive.current) return;
        // What the viewer reported earlier (on another page or device) keeps saying so.
        const flagged = page.messages
          .filter((message) => message.reported)
          .map((message) => message.msg_id);
        if (flagged.length > 0)
          setReported((current) => new Set([...current, ...flagged]));
        dispatch({
          type: "historyLoaded",
          messages: page.messages,
          hasMore: page.has_more,
          older: before !== undefined,
        });
        // Read from the history, not the socket: acknowledged all the same, before any report of them seen.
        const undelivered = undeliveredFromFriend(page.messages, friendId);
        if (undelivered.length > 0)
          send({
            event: "messages_received",
            data: { friendId, msg_ids: undelivered },
          });
        setHistoryError(null);
      } catch (failure) {
        if (!alive.current) return;
        // A refusal is an answer, not a failure: trying again would not change it.
        if (failure instanceof ApiError && failure.status === 403) {
          setRefusal(failure.message);
          dispatch({ type: "historyLoaded", messages: [], hasMore: false });
        } else setHistoryError(errorMessage(failure));
      } finally {
        if (alive.current && before) setLoadingOlder(false);
      }
    },
    [readable, viewerId, friendId, send, dispatch],
  );

  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);

  // Refused before asking: the conversation shows empty, with the reason.
  const openingRefusal = opening.refusal;
  useEffect(() => {
    if (openingRefusal)
      dispatch({ type: "historyLoaded", messages: [], hasMore: false });
  }, [openingRefusal, dispatch]);

  // Back after a socket drop: statuses and messages may have changed meanwhile.
  const socketWasOpen = useRef(false);
  const loadLatest = useRef(loadHistory);
  loadLatest.current = loadHistory;
  useEffect(() => {
    if (status !== "open") return;
    if (socketWasOpen.current) void loadLatest.current();
    socketWasOpen.current = true;
  }, [status]);

  const markReported = useCallback(
    (msgId: string) => setReported((current) => new Set(current).add(msgId)),
    [],
  );

  return {
    profile: opening.profile,
    profileError: opening.profileError,
    refusal: openingRefusal ?? historyRefusal,
    historyError,
    loadingOlder,
    reported,
    markReported,
    loadHistory,
  };
}
