// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountProvider } from "~/components/AccountProvider";
import { SocketProvider } from "~/components/SocketProvider";
import type { Inbox, InboxEntry } from "#contract/inbox";
import type { BlockedPerson, FindAnswer } from "#contract/social";
import type { Friend } from "#contract/types";
import {
  FakeWebSocket,
  installFakeApi,
  installFakeWebSocket,
  renderInRoot,
  type FakeApi,
} from "../../tests/setup/components";
import Social from "./social";

const AVA = 1;
const BEA = 2;
const CY = 3;

const friend = (id: number, name: string, online = false): Friend => ({
  _id: id,
  name,
  profile_img: null,
  is_online: online,
  social_id: id,
  isFriend: true,
  followStatus: true,
  follows_back: true,
});
const blockedPerson = (id: number, name: string): BlockedPerson => ({
  _id: id,
  name,
  profile_img: null,
  blocked_dt: "2026-03-12T10:00:00.000Z",
});

let api: FakeApi;

beforeEach(() => {
  installFakeWebSocket();
  api = installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Loaded {
  friends: Friend[];
  find?: { query: string; answer: FindAnswer | null; error: string | null };
  blocked?: BlockedPerson[];
  inbox?: Inbox;
}

/** The /social page as the root holds it, with what its loader read; `posted` collects the forms its action got. */
function renderSocial(entry: string, loaded: Loaded) {
  const posted: Array<Record<string, FormDataEntryValue>> = [];
  renderInRoot(null, {
    path: "/social",
    initialEntry: entry,
    loader: () => ({
      find: null,
      blocked: null,
      inbox: { entries: [], unread: 0 },
      ...loaded,
    }),
    action: async ({ request }) => {
      posted.push(Object.fromEntries(await request.formData()));
      return { ok: true, answer: { blocked: false } };
    },
    Component: Social,
    wrap: (page) => (
      <AccountProvider>
        <SocketProvider>{page}</SocketProvider>
      </AccountProvider>
    ),
  });
  return posted;
}

async function openSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest();
  socket.open();
  return socket;
}

const friendRow = (name: string) =>
  screen
    .queryAllByTestId("friend")
    .find((row) => row.textContent?.includes(name)) ?? null;

const entry = (
  friendId: number,
  preview: string,
  unread: number,
  at: string,
  fromMe = false,
): InboxEntry => ({ friendId, preview, unread, at, fromMe });

const inboxRows = () =>
  screen.queryAllByTestId("inbox-row").map((row) => row.textContent);

describe("/social", () => {
  it("lists conversations newest first in Messages, keeps them live and opens a chat from its row", async () => {
    const user = userEvent.setup();
    api.answer(`GET /api/chat/${AVA}/${CY}`, {
      body: { messages: [], has_more: false },
    });
    const now = Date.now();
    renderSocial("/social?tab=messages", {
      friends: [friend(BEA, "Bea Chats", true), friend(CY, "Cy Writes")],
      inbox: {
        entries: [
          entry(
            BEA,
            "see you",
            0,
            new Date(now - 5 * 60_000).toISOString(),
            true,
          ),
          entry(CY, "rematch?", 2, new Date(now - 3 * 3_600_000).toISOString()),
          // Someone no longer a friend: no row.
          entry(99, "old news", 1, new Date(now - 4 * 3_600_000).toISOString()),
        ],
        unread: 2,
      },
    });
    const tab = await screen.findByRole("tab", { name: "Messages" });
    expect(tab.getAttribute("aria-selected")).toBe("true");
    const socket = await openSocket();
    expect(inboxRows()).toEqual([
      "BBea Chats5 min agoYou: see you",
      "CCy Writes3 h agorematch?2 unread messages",
    ]);
    expect(screen.getByRole("img", { name: "Online" })).toBeTruthy();

    // Bea writes: her row rises with her message and one unread, from the inbox change her message's frame carries.
    const sentAt = new Date().toISOString();
    socket.receive({
      event: "new_message",
      data: {
        chat_id: `${AVA}-${BEA}`,
        msg_id: "m-ready",
        sender: BEA,
        sender_id: BEA,
        content: "ready?",
        status: 0,
        created_dt: sentAt,
        seq: 7,
        user: AVA,
        friend_id: BEA,
        sender_name: "Bea Chats",
      },
      inbox: {
        friendId: BEA,
        entry: entry(BEA, "ready?", 1, sentAt),
        unread: 3,
      },
    });
    await waitFor(() =>
      expect(inboxRows()).toEqual([
        "BBea ChatsJust nowready?1 unread message",
        "CCy Writes3 h agorematch?2 unread messages",
      ]),
    );

    await user.click(
      screen
        .getAllByTestId("inbox-row")
        .find((row) => row.textContent?.includes("Cy Writes"))!,
    );
    await screen.findByTestId("chat-panel");
    // Seen in this tab or another: the count goes; a friend blocked or unfollowed: the row goes.
    socket.receive({
      event: "inbox_update",
      data: {
        friendId: CY,
        entry: entry(
          CY,
          "rematch?",
          0,
          new Date(now - 3 * 3_600_000).toISOString(),
        ),
        unread: 1,
      },
    });
    socket.receive({
      event: "inbox_update",
      data: { friendId: BEA, entry: null, unread: 0 },
    });
    await waitFor(() =>
      expect(inboxRows()).toEqual(["CCy Writes3 h agorematch?"]),
    );
  });

  it("says so when there are no conversations yet", async () => {
    renderSocial("/social?tab=messages", { friends: [friend(BEA, "Bea")] });
    await screen.findByText("No messages yet");
    expect(screen.queryByTestId("inbox")).toBeNull();
  });

  it("drops a friend who blocked the viewer at once: their row, their presence and the open chat with them", async () => {
    api.answer(`GET /api/chat/${AVA}/${BEA}`, {
      body: { messages: [], has_more: false },
    });
    renderSocial(`/social?chat=${BEA}`, {
      friends: [friend(BEA, "Bea Blocker", true), friend(CY, "Cy Stays")],
    });
    const socket = await openSocket();
    await screen.findByTestId("chat-panel");
    expect(friendRow("Bea Blocker")).not.toBeNull();
    expect(screen.getByText("1 online")).toBeTruthy();

    socket.receive({ event: "blocked", data: { userId: BEA } });

    await waitFor(() => expect(friendRow("Bea Blocker")).toBeNull());
    expect(friendRow("Cy Stays")).not.toBeNull();
    await waitFor(() => expect(screen.queryByTestId("chat-panel")).toBeNull());
    expect(screen.queryByText("1 online")).toBeNull();
    expect(screen.queryByRole("img", { name: "Online" })).toBeNull();
  });

  it("lists the people the viewer blocked and unblocks one in place through the page's form", async () => {
    const user = userEvent.setup();
    const posted = renderSocial("/social?tab=blocked", {
      friends: [],
      blocked: [blockedPerson(BEA, "Bea Blocked")],
    });
    const tab = await screen.findByRole("tab", { name: "Blocked" });
    expect(tab.getAttribute("aria-selected")).toBe("true");
    const row = await screen.findByTestId("blocked-person");
    expect(row.textContent).toContain("Bea Blocked");
    expect(row.textContent).toContain("Blocked 12 Mar 2026");

    await user.click(
      within(row).getByRole("button", { name: "Unblock Bea Blocked" }),
    );

    await screen.findByText("Bea Blocked is unblocked.");
    expect(posted).toEqual([{ intent: "unblock", user_id: String(BEA) }]);
    expect(screen.queryByTestId("blocked-person")).toBeNull();
    expect(screen.getByText("You have not blocked anyone")).toBeTruthy();
  });

  it("asks for the blocked list each time its tab opens, so a block made meanwhile shows", async () => {
    const user = userEvent.setup();
    api.answer("GET /api/social/blocked/people", { body: [] });
    renderSocial("/social", { friends: [friend(BEA, "Bea Friend")] });
    await user.click(await screen.findByRole("tab", { name: "Blocked" }));
    await screen.findByText("You have not blocked anyone");

    api.answer("GET /api/social/blocked/people", {
      body: [blockedPerson(BEA, "Bea Friend")],
    });
    await user.click(screen.getByRole("tab", { name: "Friends" }));
    await user.click(screen.getByRole("tab", { name: "Blocked" }));
    expect((await screen.findByTestId("blocked-person")).textContent).toContain(
      "Bea Friend",
    );
  });

  it("offers Follow again in Find People after an unfriend, without a reload", async () => {
    const user = userEvent.setup();
    api.answer(`DELETE /api/social/unfriend/${BEA}`, {
      body: { social_id: BEA, followStatus: false },
    });
    const bea = friend(BEA, "Bea Former");
    renderSocial("/social?tab=find", {
      friends: [bea],
      find: {
        query: "",
        answer: { people: [bea], page: 0, has_more: false },
        error: null,
      },
    });
    const person = await screen.findByTestId("person");
    expect(
      within(person).getByRole("button", { name: /Following/ }),
    ).toBeTruthy();

    await user.click(screen.getByRole("tab", { name: "Friends" }));
    await user.click(
      screen.getByRole("button", { name: "More for Bea Former" }),
    );
    await user.click(screen.getByRole("button", { name: "Unfriend" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Unfriend Bea Former?",
    });
    await user.click(within(dialog).getByRole("button", { name: "Unfriend" }));
    await waitFor(() => expect(friendRow("Bea Former")).toBeNull());

    await user.click(screen.getByRole("tab", { name: "Find People" }));
    expect(
      within(screen.getByTestId("person")).getByRole("button", {
        name: "Follow Bea Former",
      }),
    ).toBeTruthy();
  });
});
