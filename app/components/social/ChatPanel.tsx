import { useEffect, useId, useReducer, useState } from "react";
import { useOnline } from "~/lib/network";
import {
  chatReducer,
  initialChatState,
  isTyping,
  oldestSeq,
  type ChatEntry,
  type ChatState,
} from "~/state/chat";
import { Avatar, type AvatarPerson } from "../Avatar";
import { AlertIcon } from "../icons";
import { Loader } from "../Loader";
import { ChatComposer } from "./ChatComposer";
import { ChatHeader } from "./ChatHeader";
import { ChatMessageList } from "./ChatMessageList";
import { ConfirmDialog } from "./ConfirmDialog";
import { setOpenChat } from "./open-chat";
import { ReportDialog } from "./ReportDialog";
import { useChatHistory } from "./useChatHistory";
import { useChatPanelFocus } from "./useChatPanelFocus";
import { useChatSocket } from "./useChatSocket";
import "./ChatPanel.css";

/** Above the message field while the browser is offline: what happens to what the viewer writes meanwhile. */
export const CHAT_OFFLINE_TEXT =
  "You're offline. Messages you write now are sent when you're back online.";

export interface ChatPerson extends AvatarPerson {
  _id: number;
  name: string;
  /** From the friends list: whether they follow the viewer back, as far as the list knows. */
  follows_back?: boolean;
}

export interface ChatPanelProps {
  viewerId: number;
  friendId: number;
  /** The friend from the friends list; null when they are not in it (their profile is then asked for), undefined while the list loads. */
  friend: ChatPerson | null | undefined;
  /** Presence, known for people in the friends list only. */
  online: boolean | null;
  onClose: () => void;
  onBlocked: (friendId: number) => void;
}

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
  const titleId = useId();
  const { composerRef, headingRef, coversPage, onKeyDown } =
    useChatPanelFocus(onClose);
  const chat = useChatSocket(viewerId, friendId, state, dispatch);
  const history = useChatHistory({
    viewerId,
    friendId,
    friend,
    status: chat.status,
    send: chat.send,
    dispatch,
  });
  const { refusal } = history;
  const networkOnline = useOnline();
  const [reporting, setReporting] = useState<ChatEntry | null>(null);
  const [blocking, setBlocking] = useState(false);

  const person: ChatPerson | null = friend ?? history.profile;
  const name = person?.name ?? "Chat";
  /** The link names nobody we can find. */
  const missing = Boolean(history.profileError) && !person;

  // This chat is open: the message alert leaves its messages alone.
  useEffect(() => {
    setOpenChat(friendId);
    return () => setOpenChat(null);
  }, [friendId]);

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
        <ChatHeader
          titleId={titleId}
          headingRef={headingRef}
          friendId={friendId}
          name={name}
          person={missing ? null : (person ?? { name })}
          online={online}
          onClose={onClose}
          onBlock={() => setBlocking(true)}
        />
        {missing ? (
          <div className="chat-panel__problem" role="alert">
            <AlertIcon size={22} />
            <p>{history.profileError}</p>
          </div>
        ) : (
          <>
            <ChatMessageList
              viewerId={viewerId}
              messages={state.messages}
              loading={!state.loaded}
              header={
                <ChatLogHeader
                  state={state}
                  error={history.historyError}
                  loadingOlder={history.loadingOlder}
                  load={(before) => void history.loadHistory(before)}
                />
              }
              typing={isTyping(state, friendId)}
              reported={history.reported}
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
              onSend={chat.sendMessage}
              onTyping={chat.typed}
            />
          </>
        )}
        {reporting ? (
          <ReportDialog
            friendId={friendId}
            friendName={name}
            message={reporting}
            onReported={history.markReported}
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

/** Above the messages: why the history did not load (with Try again), a loader, or Load earlier messages. */
function ChatLogHeader({
  state,
  error,
  loadingOlder,
  load,
}: {
  state: ChatState;
  error: string | null;
  loadingOlder: boolean;
  load: (before?: number) => void;
}) {
  const older = oldestSeq(state);
  if (error) {
    return (
      <div className="chat-log__notice" role="alert">
        <AlertIcon size={18} />
        <span>{error}</span>
        <button
          type="button"
          className="text-button"
          onClick={() => load(state.loaded && older ? older : undefined)}
        >
          Try again
        </button>
      </div>
    );
  }
  if (!state.loaded) return <Loader block />;
  if (!state.hasMore || !older) return null;
  return (
    <div className="chat-log__more">
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => load(older)}
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
