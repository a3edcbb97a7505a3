import { matchInvitePath } from "#contract/friend-matches";
import type { NotificationView } from "#contract/coins";
import type { PushMessage } from "#contract/push";
import type { UserServerEvent } from "#contract/user-socket";
import { createServices } from "../context";
import { vapidKeysFrom } from "../services/push";

/** A notification's body is the stored text; a chat message's is cut to what a notification shows. */
const BODY_MAX = 140;

const clip = (text: string) =>
  text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text;

export interface OutgoingPush {
  message: PushMessage;
  /** Seconds the push service may keep it; unset: the default day. */
  ttl?: number;
}

function challengePush(
  event: "new_challenge" | "notification",
  view: NotificationView,
): OutgoingPush | null {
  const challengeId = view.notification_data.challengeId;
  const tag = `challenge-${challengeId}`;
  if (event === "new_challenge")
    return {
      message: {
        kind: "challenges",
        title: "New challenge",
        body: clip(view.content),
        url: `/challenge/${challengeId}`,
        tag,
      },
    };
  const title =
    view.type === "challenge_accepted"
      ? "Challenge accepted"
      : view.type === "challenge_result"
        ? "Challenge settled"
        : null;
  if (!title) return null;
  return {
    message: {
      kind: "challenge_updates",
      title,
      body: clip(view.content),
      url: "/notifications",
      tag,
    },
  };
}

/**
 * The Web Push for a user-socket event that reached a user with no tab open, or null for events that are not pushed
 * (presence, typing, lobby news, a challenge that expired).
 */
export function pushFor(
  event: UserServerEvent,
  now = Date.now(),
): OutgoingPush | null {
  switch (event.event) {
    case "new_challenge":
    case "notification":
      return challengePush(event.event, event.data);
    case "new_message": {
      const data = event.data;
      return {
        message: {
          kind: "messages",
          title: data.sender_name || "New message",
          body: clip(data.content),
          url: `/social?chat=${data.friend_id}`,
          tag: `chat-${data.friend_id}`,
        },
      };
    }
    case "match_invite": {
      // A rematch offer is open 15 s to two players on the summary: not pushed.
      const { code, kind, from, game, expiresAt } = event.data;
      if (kind === "rematch") return null;
      const ttl = Math.floor((Date.parse(expiresAt) - now) / 1000);
      if (!(ttl > 0)) return null;
      return {
        message: {
          kind: "invitations",
          title: `${from.name} invites you to play`,
          body: `${game.name}: join within 2 minutes, before the invitation expires.`,
          url: matchInvitePath(code),
          tag: `invite-${code}`,
        },
        ttl,
      };
    }
    default:
      return null;
  }
}

/** The user an event is for, when the event names them (a notification, a chat message). */
export function recipientOf(
  event: UserServerEvent | { event: string; data?: unknown },
): number | null {
  switch (event.event) {
    case "new_challenge":
    case "notification":
      return (event.data as NotificationView).user;
    case "new_message":
      return (event as Extract<UserServerEvent, { event: "new_message" }>).data
        .user;
    default:
      return null;
  }
}

/**
 * Sends `outgoing` to `userId`'s devices. Called by the UserHub when the user has no socket open; it never throws, so
 * the event's own path is never failed by it.
 */
export async function sendPush(
  env: Env,
  userId: number,
  outgoing: OutgoingPush,
): Promise<void> {
  try {
    if (!vapidKeysFrom(env)) return;
    await createServices(env).push.send(userId, outgoing.message, outgoing.ttl);
  } catch (error) {
    console.error("a push for a user-socket event failed", error);
  }
}
