import { Link } from "@remix-run/react";
import type { RefObject } from "react";
import { playWithFriendPath } from "#contract/friend-matches";
import { Avatar, type AvatarPerson } from "../Avatar";
import { Dot } from "../Dot";
import { ArrowLeftIcon, CloseIcon, VersusIcon } from "../icons";
import { ActionMenu } from "./ActionMenu";
import { BlockIcon } from "./icons";

export interface ChatHeaderProps {
  titleId: string;
  headingRef: RefObject<HTMLHeadingElement>;
  friendId: number;
  name: string;
  /** Who the chat is with; null when the link names nobody we can find (then only Close is offered). */
  person: AvatarPerson | null;
  /** Presence, known for people in the friends list only. */
  online: boolean | null;
  onClose: () => void;
  onBlock: () => void;
}

/** The chat's header: Close, who it is with and their presence, Play with them, and Block behind the ⋯ menu. */
export function ChatHeader({
  titleId,
  headingRef,
  friendId,
  name,
  person,
  online,
  onClose,
  onBlock,
}: ChatHeaderProps) {
  return (
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
      {person ? (
        <span className="chat-panel__avatar">
          <Avatar person={person} size={40} />
          {online ? (
            <Dot size={11} label="Online" className="person__dot" />
          ) : null}
        </span>
      ) : null}
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
              online ? "chat-panel__presence is-online" : "chat-panel__presence"
            }
          >
            {online ? "Online" : "Offline"}
          </p>
        ) : null}
      </div>
      {person ? (
        <Link
          to={playWithFriendPath({ friendId })}
          className="icon-button"
          aria-label={`Play with ${name}`}
          title="Play with a friend"
        >
          <VersusIcon size={20} />
        </Link>
      ) : null}
      {person ? (
        <ActionMenu
          label={`More for ${name}`}
          actions={[
            {
              label: "Block",
              icon: <BlockIcon size={18} />,
              onSelect: onBlock,
              danger: true,
            },
          ]}
        />
      ) : null}
    </header>
  );
}
