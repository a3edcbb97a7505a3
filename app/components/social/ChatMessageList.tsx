import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { MESSAGE_STATUS } from "#contract/chat";
import { formatChatTime } from "~/lib/chat-time";
import type { ChatEntry } from "~/state/chat";
import { AlertIcon, ClockIcon } from "../icons";
import { DoubleTickIcon, FlagIcon, TickIcon } from "./icons";
import "./ChatMessageList.css";

// Layout effects measure the list; on the server (which never scrolls) a plain effect avoids React's warning.
const useBrowserLayoutEffect =
  typeof window === "undefined" ? useEffect : useLayoutEffect;

/** How close to the bottom (px) still counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 96;

export interface ChatMessageListProps {
  viewerId: number;
  messages: ChatEntry[];
  /** Shown when the history is empty. */
  empty: ReactNode;
  /** The first page is still on its way. */
  loading: boolean;
  /** Top of the list: load earlier messages, or why the history could not be read. */
  header: ReactNode;
  typing: boolean;
  reported: ReadonlySet<string>;
  onReport: (message: ChatEntry) => void;
}

/** SPEC.md §3/§4: status 0 sent (one tick), 1 delivered (two), 2 seen (two, coloured). */
function MessageStatus({ status }: { status: number }) {
  const label =
    status >= MESSAGE_STATUS.seen
      ? "Seen"
      : status >= MESSAGE_STATUS.delivered
        ? "Delivered"
        : "Sent";
  return (
    <span
      className={`chat-tick chat-tick--${label.toLowerCase()}`}
      role="img"
      aria-label={label}
      title={label}
      data-testid="message-status"
    >
      {status >= MESSAGE_STATUS.delivered ? (
        <DoubleTickIcon size={16} width={20} />
      ) : (
        <TickIcon size={16} />
      )}
    </span>
  );
}

/** The viewer's message is only on this screen so far: the server has not said it stored it (offline, or on its way). */
function NotSentYet() {
  return (
    <span
      className="chat-tick chat-tick--pending"
      role="img"
      aria-label="Not sent yet"
      title="Not sent yet"
      data-testid="message-status"
    >
      <ClockIcon size={14} />
      <span className="chat-tick__text">Not sent yet</span>
    </span>
  );
}

/**
 * The conversation, oldest first, as bubbles (the viewer's on the right). Opens at the newest message and follows new
 * ones while the reader is at the bottom; loading earlier messages keeps what is on screen in place.
 */
export function ChatMessageList({
  viewerId,
  messages,
  empty,
  loading,
  header,
  typing,
  reported,
  onReport,
}: ChatMessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const previous = useRef<{ first?: string; last?: string; height: number }>({
    height: 0,
  });

  const first = messages[0]?.msg_id;
  const last = messages[messages.length - 1];

  useBrowserLayoutEffect(() => {
    const list = scrollRef.current;
    if (!list) return;
    const before = previous.current;
    const olderPageAdded =
      before.first !== undefined &&
      first !== before.first &&
      last?.msg_id === before.last;
    if (olderPageAdded) {
      // Earlier messages went in above: keep the ones being read where they were.
      list.scrollTop += list.scrollHeight - before.height;
    } else if (
      nearBottom.current ||
      (last?.msg_id !== before.last && last?.sender === viewerId)
    ) {
      list.scrollTop = list.scrollHeight;
      nearBottom.current = true;
    }
    previous.current = { first, last: last?.msg_id, height: list.scrollHeight };
  });

  const onScroll = () => {
    const list = scrollRef.current;
    if (list)
      nearBottom.current =
        list.scrollHeight - list.scrollTop - list.clientHeight < NEAR_BOTTOM_PX;
  };

  return (
    <div
      className="chat-log"
      ref={scrollRef}
      onScroll={onScroll}
      data-testid="chat-log"
    >
      {header}
      {!loading && messages.length === 0 ? empty : null}
      {/* The log role sits on a wrapper: on the <ol> itself it would take away the list its items belong to. */}
      <div className="chat-log__messages" role="log" aria-label="Messages">
        <ol className="chat-log__list">
          {messages.map((message) => {
            const own = message.sender === viewerId;
            return (
              <li
                key={message.msg_id}
                className={own ? "chat-msg is-own" : "chat-msg"}
                data-testid="chat-message"
                data-msg-id={message.msg_id}
              >
                {message.removed ? (
                  <p className="chat-msg__bubble is-removed">Message removed</p>
                ) : (
                  <p
                    className={
                      message.error
                        ? "chat-msg__bubble is-failed"
                        : message.local
                          ? "chat-msg__bubble is-pending"
                          : "chat-msg__bubble"
                    }
                  >
                    {message.content}
                  </p>
                )}
                <p className="chat-msg__meta">
                  <time dateTime={message.created_dt}>
                    {formatChatTime(message.created_dt)}
                  </time>
                  {own ? (
                    message.error ? null : message.local ? (
                      <NotSentYet />
                    ) : (
                      <MessageStatus status={message.status} />
                    )
                  ) : message.removed ? null : reported.has(message.msg_id) ? (
                    <span className="chat-msg__reported">Reported</span>
                  ) : (
                    <button
                      type="button"
                      className="chat-msg__report"
                      onClick={() => onReport(message)}
                      aria-label={`Report message: ${message.content.slice(0, 40)}`}
                    >
                      <FlagIcon size={12} /> Report
                    </button>
                  )}
                </p>
                {message.error ? (
                  <p className="chat-msg__error" role="alert">
                    <AlertIcon size={14} /> Not sent: {message.error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      </div>
      <div className="chat-log__typing" aria-live="polite">
        {typing ? (
          <p className="chat-typing" data-testid="typing">
            <span className="chat-typing__dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            Typing...
          </p>
        ) : null}
      </div>
    </div>
  );
}
