import {
  useCallback,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import { ApiError, apiFetch, errorMessage } from "~/lib/api";
import { useOnline } from "~/lib/network";
import { chatIdOf, newMessageId, type HistoryPage } from "#contract/chat";
import type { PublicProfile } from "#contract/types";
import {
  chatReducer,
  initialChatState,
  isTyping,
  oldestSeq,
  undeliveredFromFriend,
  unseenFromFriend,
  type ChatEntry,
} from "~/state/chat";
import { Avatar, type AvatarPerson } from "../Avatar";
import { Dot } from "../Dot";
import { Link } from "@remix-run/react";
import { playWithFriendPath } from "#contract/friend-matches";
import { AlertIcon, ArrowLeftIcon, CloseIcon, VersusIcon } from "../icons";
import { Loader } from "../Loader";
import { useSocket } from "../SocketProvider";
import { ActionMenu } from "./ActionMenu";
import { ChatComposer, type ChatComposerHandle } from "./ChatComposer";
import { ChatMessageList } from "./ChatMessageList";
import { ConfirmDialog } from "./ConfirmDialog";
import { BlockIcon } from "./icons";
import { setOpenChat } from "./open-chat";
import { ReportDialog } from "./ReportDialog";
import "./ChatPanel.css";

/** The viewer's typing notes go out at most this often. */
export const TYPING_SEND_EVERY_MS = 1_000;
/**
 * 'Typing...' clears this long after the friend's last typing note. SPEC.md §9 says 1 s, but with notes a second
 * apart that blinked off between two of them whenever one came a little late (issue #18): three notes' worth keeps it on
 * while the friend types and still clears soon after they stop.
 */
export const TYPING_SHOWN_MS = 3 * TYPING_SEND_EVERY_MS;

/** Above the message field while the browser is offline: what happens to what the viewer writes meanwhile. */
export const CHAT_OFFLINE_TEXT =
  "You're offline. Messages you write now are sent when you're back online.";

export interface ChatPerson extends AvatarPerson {
  _id: number;
  name: string;
}

export interface ChatPanelProps {
  viewerId: number;
  friendId: number;
  /** The friend from the friends list; null when they are not in it (their profile is then fetched), undefined while the list loads. */
  friend: ChatPerson | null | undefined;
  /** Presence, known for people in the friends list only. */
  online: boolean | null;
  onClose: () => void;
  onBlocked: (friendId: number) => void;
}

/** The page is on screen (not a background tab): only then are messages reported seen. */
function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== "hidden");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

/** Below this width the chat covers the page (full screen or a drawer) and so acts as a modal dialog. */
const OVERLAY_QUERY = "(max-width: 1023px)";

function useCoversPage(): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(OVERLAY_QUERY);
    const update = () => setCovers(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return covers;
}

const FOCUSABLE =
  "a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex='-1'])";

/**
 * A chat with one friend (SPEC.md §3-§5): the history from GET /api/chat, live messages, delivery ticks, seen reports,
 * typing notes, Report on the friend's messages and Block in the header. Full screen on phones, a side panel beside
 * the lists on desktops. Esc closes it and focus goes back to where it was.
 */
export function ChatPanel({
  viewerId,
  friendId,
  friend,
  online,
  onClose,
  onBlocked,
}: ChatPanelProps) {
  const [state, dispatch] = useReducer(
    chatReducer,
    { viewerId, friendId },
    initialChatState,
  );
  const { send, subscribe, status } = useSocket();
  const chatId = chatIdOf(viewerId, friendId);
  const titleId = useId();
  const composerRef = useRef<ChatComposerHandle>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const visible = useDocumentVisible();
  const coversPage = useCoversPage();

  const [profile, setProfile] = useState<PublicProfile | null>(null);
  const [profileError, setProfileError] = useState<string | null>(null);
  const [historyError, setHistoryError] = useState<string | null>(null);
  /** Why the server will not let the viewer write to this person (not friends both ways, or a block), from the history. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const networkOnline = useOnline();
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [reporting, setReporting] = useState<ChatEntry | null>(null);
  const [reported, setReported] = useState<ReadonlySet<string>>(new Set());
  const [blocking, setBlocking] = useState(false);
  const alive = useRef(true);
  /** Socket event ids of messages sent from here, to match a refusal to its message. */
  const sentEvents = useRef(new Map<string, string>());
  const typingTimer = useRef<number | undefined>(undefined);
  const lastTypingSent = useRef(0);

  const person: ChatPerson | null = friend ?? profile;
  const name = person?.name ?? "Chat";
  /** The link names nobody we can find. */
  const missing = Boolean(profileError) && !person;

  // This chat is open: the message alert leaves its messages alone.
  useEffect(() => {
    setOpenChat(friendId);
    return () => setOpenChat(null);
  }, [friendId]);

  // Focus moves into the panel (to the message field where a keyboard is at hand) and back out when it closes.
  useEffect(() => {
    alive.current = true;
    const returnFocusTo =
      document.activeElement instanceof HTMLElement
        ? document.activeElement
        : null;
    // On touch screens a keyboard popping up would hide the conversation: the name is focused instead.
    if (window.matchMedia("(pointer: fine)").matches)
      composerRef.current?.focus();
    else headingRef.current?.focus({ preventScroll: true });
    return () => {
      alive.current = false;
      window.clearTimeout(typingTimer.current);
      if (returnFocusTo?.isConnected)
        returnFocusTo.focus({ preventScroll: true });
    };
  }, []);

  // Someone who is not in the friends list (a message from a follower, a shared link): their public profile names them.
  useEffect(() => {
    if (friend !== null) return;
    let current = true;
    apiFetch<PublicProfile>(`/api/user/profile/${friendId}`)
      .then((answer) => current && setProfile(answer))
      .catch(
        (failure: unknown) => current && setProfileError(errorMessage(failure)),
      );
    return () => {
      current = false;
    };
  }, [friend, friendId]);

  const loadHistory = useCallback(
    async (before?: number) => {
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
    [viewerId, friendId, send],
  );

  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);

  // Back after a socket drop: statuses and messages may have changed meanwhile.
  const socketWasOpen = useRef(false);
  useEffect(() => {
    if (status !== "open") return;
    if (socketWasOpen.current) void loadHistory();
    socketWasOpen.current = true;
  }, [status, loadHistory]);

  useEffect(
    () =>
      subscribe((event) => {
        switch (event.event) {
          case "new_message":
            if (event.data.chat_id === chatId)
              dispatch({ type: "received", message: event.data });
            if (event.data.sender === friendId)
              window.clearTimeout(typingTimer.current);
            break;
          case "new_message_delivery":
            if (event.data.chat_id === chatId)
              dispatch({
                type: "delivery",
                msg_id: event.data.msg_id,
                status: event.data.status,
              });
            break;
          case "typing_note":
            if (event.data.from !== friendId) break;
            dispatch({
              type: "typingStarted",
              note: {
                from: event.data.from,
                chat_id: event.data.chat_id,
                sender_name: event.data.sender_name,
              },
            });
            window.clearTimeout(typingTimer.current);
            typingTimer.current = window.setTimeout(
              () => dispatch({ type: "typingStopped", from: friendId }),
              TYPING_SHOWN_MS,
            );
            break;
          case "error": {
            const msgId = event.data.id
              ? sentEvents.current.get(event.data.id)
              : undefined;
            if (msgId)
              dispatch({
                type: "sendFailed",
                msg_id: msgId,
                error: event.data.message,
              });
            break;
          }
          default:
            break;
        }
      }),
    [subscribe, chatId, friendId],
  );

  // SPEC.md §4: while the chat is open, the friend's unseen messages are reported seen (on open and as they arrive).
  const unseen = unseenFromFriend(state);
  useEffect(() => {
    if (!unseen || !visible) return;
    send({
      event: "message_status",
      data: { friendId, msg_id: unseen, status: 2 },
    });
    dispatch({ type: "markedSeen", msg_id: unseen });
  }, [unseen, visible, send, friendId]);

  const sendMessage = (text: string): boolean => {
    const content = text.trim();
    if (!content) return false;
    const msgId = newMessageId();
    dispatch({
      type: "sent",
      message: {
        msg_id: msgId,
        sender: viewerId,
        content,
        status: 0,
        created_dt: new Date().toISOString(),
      },
    });
    const eventId = send({
      event: "new_message",
      data: { to: friendId, content, msg_id: msgId },
    });
    if (eventId) sentEvents.current.set(eventId, msgId);
    lastTypingSent.current = 0;
    return true;
  };

  const typed = () => {
    const now = Date.now();
    if (
      status !== "open" ||
      now - lastTypingSent.current < TYPING_SEND_EVERY_MS
    )
      return;
    lastTypingSent.current = now;
    send({ event: "typing_note", data: { to: friendId } });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Keys inside a dialog of the panel (report, block) are that dialog's.
    if (event.defaultPrevented || (event.target as Element).closest("dialog"))
      return;
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    } else if (event.key === "Tab" && coversPage) {
      // Covering the page, the panel keeps Tab inside it, as a modal dialog does.
      const focusable = Array.from(
        event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE),
      ).filter(
        (element) =>
          element.offsetParent !== null && !element.closest("dialog"),
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (
        event.shiftKey &&
        (active === first || active === headingRef.current)
      ) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  const older = oldestSeq(state);
  const typing = isTyping(state, friendId);
  let logHeader = null;
  if (historyError) {
    logHeader = (
      <div className="chat-log__notice" role="alert">
        <AlertIcon size={18} />
        <span>{historyError}</span>
        <button
          type="button"
          className="text-button"
          onClick={() =>
            void loadHistory(state.loaded && older ? older : undefined)
          }
        >
          Try again
        </button>
      </div>
    );
  } else if (!state.loaded) {
    logHeader = <Loader block />;
  } else if (state.hasMore && older) {
    logHeader = (
      <div className="chat-log__more">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => void loadHistory(older)}
          disabled={loadingOlder}
          aria-busy={loadingOlder}
        >
          {loadingOlder ? (
            <span className="button__spinner" aria-hidden="true" />
          ) : null}
          {loadingOlder ? "Please wait" : "Load earlier messages"}
        </button>
      </div>
    );
  }

  return (
    <>
      {/* Tablets: the page behind the drawer is dimmed, and a tap on it closes the chat. */}
      <div className="chat-scrim" aria-hidden="true" onClick={onClose} />
      <section
        className="chat-panel"
        role="dialog"
        aria-modal={coversPage || undefined}
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        data-testid="chat-panel"
      >
        <header className="chat-panel__header">
          <button
            type="button"
            className="icon-button chat-panel__close"
            aria-label="Close chat"
            onClick={onClose}
          >
            <ArrowLeftIcon size={20} className="chat-panel__close-back" />
            <CloseIcon size={20} className="chat-panel__close-x" />
          </button>
          {missing ? null : (
            <span className="chat-panel__avatar">
              <Avatar person={person ?? { name }} size={40} />
              {online ? (
                <Dot size={11} label="Online" className="person__dot" />
              ) : null}
            </span>
          )}
          <div className="chat-panel__who">
            <h2
              id={titleId}
              ref={headingRef}
              className="chat-panel__name"
              tabIndex={-1}
            >
              {name}
            </h2>
            {online !== null ? (
              <p
                className={
                  online
                    ? "chat-panel__presence is-online"
                    : "chat-panel__presence"
                }
              >
                {online ? "Online" : "Offline"}
              </p>
            ) : null}
          </div>
          {missing ? null : (
            <Link
              to={playWithFriendPath({ friendId })}
              className="icon-button"
              aria-label={`Play with ${name}`}
              title="Play with a friend"
            >
              <VersusIcon size={20} />
            </Link>
          )}
          {missing ? null : (
            <ActionMenu
              label={`More for ${name}`}
              actions={[
                {
                  label: "Block",
                  icon: <BlockIcon size={18} />,
                  onSelect: () => setBlocking(true),
                  danger: true,
                },
              ]}
            />
          )}
        </header>
        {missing ? (
          <div className="chat-panel__problem" role="alert">
            <AlertIcon size={22} />
            <p>{profileError}</p>
          </div>
        ) : (
          <>
            <ChatMessageList
              viewerId={viewerId}
              messages={state.messages}
              loading={!state.loaded}
              header={logHeader}
              typing={typing}
              reported={reported}
              onReport={setReporting}
              empty={
                <div className="chat-empty">
                  <Avatar person={person ?? { name }} size={72} />
                  {refusal ? (
                    <p className="chat-empty__title">{name}</p>
                  ) : (
                    <>
                      <p className="chat-empty__title">Say hi to {name}</p>
                      <p className="chat-empty__text">
                        Messages here are only for the two of you.
                      </p>
                    </>
                  )}
                </div>
              }
            />
            {refusal ? (
              <p className="chat-panel__note" data-testid="chat-refusal">
                <AlertIcon size={16} />
                <span>{refusal}</span>
              </p>
            ) : !networkOnline ? (
              <p className="chat-panel__note" role="status">
                <AlertIcon size={16} />
                <span>{CHAT_OFFLINE_TEXT}</span>
              </p>
            ) : null}
            <ChatComposer
              ref={composerRef}
              friendName={name}
              disabled={refusal !== null}
              onSend={sendMessage}
              onTyping={typed}
            />
          </>
        )}
        {reporting ? (
          <ReportDialog
            friendId={friendId}
            friendName={name}
            message={reporting}
            onReported={(msgId) =>
              setReported((current) => new Set(current).add(msgId))
            }
            onClose={() => setReporting(null)}
          />
        ) : null}
        {blocking ? (
          <ConfirmDialog
            title={`Block ${name}?`}
            confirmLabel="Block"
            intent="block"
            userId={friendId}
            onDone={() => {
              setBlocking(false);
              onBlocked(friendId);
            }}
            onClose={() => setBlocking(false)}
          >
            <p>
              They can no longer message you, challenge you or follow you, and
              you stop following each other.
            </p>
          </ConfirmDialog>
        ) : null}
      </section>
    </>
  );
}
