import {
  forwardRef,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import { CHAT_MAX_LENGTH } from "#contract/protocol";
import { SendIcon } from "./icons";
import "./ChatComposer.css";

const useBrowserLayoutEffect =
  typeof window === "undefined" ? useEffect : useLayoutEffect;

/** The field grows with its text up to about five lines, then scrolls. */
const MAX_FIELD_HEIGHT_PX = 132;

export interface ChatComposerProps {
  friendName: string;
  disabled?: boolean;
  /** Sends the text; false when there was nothing to send. */
  onSend: (text: string) => boolean;
  /** The viewer typed something (the panel decides how often the friend hears about it). */
  onTyping: () => void;
}

export interface ChatComposerHandle {
  focus: () => void;
}

/** SPEC.md §5 Chat: Enter sends (Shift+Enter is a new line); empty or whitespace-only text is not sent. */
export const ChatComposer = forwardRef<ChatComposerHandle, ChatComposerProps>(
  function ChatComposer(
    { friendName, disabled = false, onSend, onTyping },
    ref,
  ) {
    const [text, setText] = useState("");
    const fieldRef = useRef<HTMLTextAreaElement>(null);
    const fieldId = useId();
    useImperativeHandle(
      ref,
      () => ({ focus: () => fieldRef.current?.focus() }),
      [],
    );

    useBrowserLayoutEffect(() => {
      const field = fieldRef.current;
      if (!field) return;
      field.style.height = "auto";
      field.style.height = `${Math.min(field.scrollHeight, MAX_FIELD_HEIGHT_PX)}px`;
    }, [text]);

    const send = () => {
      if (disabled || !text.trim()) return;
      if (onSend(text)) setText("");
      fieldRef.current?.focus();
    };

    const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
      // While an input method is composing a character, Enter confirms the character instead.
      if (
        event.key !== "Enter" ||
        event.shiftKey ||
        event.nativeEvent.isComposing
      )
        return;
      event.preventDefault();
      send();
    };

    return (
      <form
        className="chat-composer"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <label htmlFor={fieldId} className="visually-hidden">
          Message {friendName}
        </label>
        <textarea
          id={fieldId}
          ref={fieldRef}
          className="chat-composer__field"
          rows={1}
          placeholder="Type a message"
          value={text}
          maxLength={CHAT_MAX_LENGTH}
          enterKeyHint="send"
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="chat-composer__send"
          aria-label="Send"
          disabled={disabled || !text.trim()}
        >
          <SendIcon size={20} />
        </button>
      </form>
    );
  },
);
