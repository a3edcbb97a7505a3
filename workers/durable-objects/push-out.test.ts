import { describe, expect, it } from "vitest";
import type { NotificationView } from "#contract/coins";
import type { MatchInviteView } from "#contract/friend-matches";
import type { UserServerEvent } from "#contract/user-socket";
import { pushFor, recipientOf } from "./push-out";

const note = (
  type: NotificationView["type"],
  content = "Ava challenged you at Neon Snake for 20 coins",
): NotificationView => ({
  _id: 5,
  type,
  content,
  user: 7,
  notification_data: { challengeId: 12, gameId: 1 },
  read: false,
  created_dt: "2026-11-26T00:00:00.000Z",
});

const NOW = Date.parse("2026-11-26T00:00:00.000Z");
const invite = (overrides: Partial<MatchInviteView> = {}): UserServerEvent => ({
  event: "match_invite",
  data: {
    code: "AbCdEfGhIjKlMnOpQrStUv",
    kind: "friend",
    from: { id: 3, name: "Ava", profile_pic: null },
    to: { id: 7, name: "Noor", profile_pic: null },
    game: { id: 1, name: "Neon Snake", icon: null },
    expiresAt: "2026-11-26T00:02:00.000Z",
    status: "open",
    resultId: null,
    match: null,
    ...overrides,
  },
});

describe("pushFor", () => {
  it("pushes a challenge to its screen and its updates to the notifications", () => {
    expect(
      pushFor({ event: "new_challenge", data: note("challenge") }),
    ).toEqual({
      message: {
        kind: "challenges",
        title: "New challenge",
        body: "Ava challenged you at Neon Snake for 20 coins",
        url: "/challenge/12",
        tag: "challenge-12",
      },
    });
    expect(
      pushFor({ event: "notification", data: note("challenge_accepted") })
        ?.message,
    ).toMatchObject({
      kind: "challenge_updates",
      title: "Challenge accepted",
      url: "/notifications",
    });
    expect(
      pushFor({ event: "notification", data: note("challenge_result") })
        ?.message.title,
    ).toBe("Challenge settled");
    expect(
      pushFor({ event: "notification", data: note("challenge_expired") }),
    ).toBeNull();
  });

  it("pushes a chat message to that friend's chat, its text cut to a notification's length", () => {
    const pushed = pushFor({
      event: "new_message",
      data: {
        msg_id: "abcdef",
        chat_id: "3-7",
        sender: 3,
        sender_id: 3,
        content: "x".repeat(300),
        status: 0,
        created_dt: "2026-11-26T00:00:00.000Z",
        seq: 1,
        user: 7,
        friend_id: 3,
        sender_name: "Ava",
      },
    });
    expect(pushed?.message).toMatchObject({
      kind: "messages",
      title: "Ava",
      url: "/social?chat=3",
      tag: "chat-3",
    });
    expect(pushed?.message.body).toHaveLength(140);
    expect(pushed?.message.body.endsWith("…")).toBe(true);
  });

  it("pushes a friend's invitation for as long as it is open, and never a rematch offer or a closed one", () => {
    expect(pushFor(invite(), NOW)).toEqual({
      message: {
        kind: "invitations",
        title: "Ava invites you to play",
        body: "Neon Snake: join within 2 minutes, before the invitation expires.",
        url: "/match/AbCdEfGhIjKlMnOpQrStUv",
        tag: "invite-AbCdEfGhIjKlMnOpQrStUv",
      },
      ttl: 120,
    });
    expect(pushFor(invite({ kind: "rematch" }), NOW)).toBeNull();
    expect(
      pushFor(invite({ expiresAt: "2026-11-25T23:59:00.000Z" }), NOW),
    ).toBeNull();
  });

  it("pushes nothing for presence, typing or lobby news", () => {
    expect(
      pushFor({ event: "user-connection", data: { userId: 3, online: true } }),
    ).toBeNull();
    expect(pushFor({ event: "wallet_update", data: { wallet: 5 } })).toBeNull();
  });
});

describe("recipientOf", () => {
  it("reads the user a notification or message names, and no one for other events", () => {
    expect(
      recipientOf({ event: "notification", data: note("challenge") }),
    ).toBe(7);
    expect(recipientOf(invite())).toBeNull();
  });
});
