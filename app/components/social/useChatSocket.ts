import { useEffect, useRef, type Dispatch } from "react";
import { chatIdOf, newMessageId } from "#contract/chat";
import {
  unseenFromFriend,
  type ChatAction,
  type ChatState,
} from "~/state/chat";
import { useSocket } from "../SocketProvider";
import { useDocumentVisible } from "./useChatPanelFocus";

/** The viewer's typing notes go out at most this often. */
const TYPING_SEND_EVERY_MS = 1_000;
/**
 * 'Typing...' clears this long after the friend's last typing note. SPEC.md §9 says 1 s, but with notes a second
 * apart that blinked off between two of them whenever one came a little late (issue #18): three notes' worth keeps it on
 * while the friend types and still clears soon after they stop.
 */
export const TYPING_SHOWN_MS = 3 * TYPING_SEND_EVERY_MS;

/**
 * The chat's live side on the user socket: the friend's messages, delivery ticks, typing notes and refusals arrive;
 * the viewer's messages, typing notes and seen reports go out.
 */
export function useChatSocket(
  viewerId: number,
  friendId: number,
  state: ChatState,
  dispatch: Dispatch<ChatAction>,
) {
  const { send, subscribe, status } = useSocket();
  const chatId = chatIdOf(viewerId, friendId);
  const visible = useDocumentVisible();
  /** Socket event ids of messages sent from here, to match a refusal to its message. */
  const sentEvents = useRef(new Map<string, string>());
  const typingTimer = useRef<number | undefined>(undefined);
  const lastTypingSent = useRef(0);

  useEffect(() => () => window.clearTimeout(typingTimer.current), []);

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
          case "message_removed":
            if (event.data.chat_id === chatId)
              dispatch({ type: "removed", msg_id: event.data.msg_id });
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
    [subscribe, chatId, friendId, dispatch],
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
  }, [unseen, visible, send, friendId, dispatch]);

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

  return { send, status, sendMessage, typed };
}
