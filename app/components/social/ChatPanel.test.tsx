// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chatIdOf } from "#contract/chat";
import type { ChatMessage } from "#contract/protocol";
import {
  FakeWebSocket,
  installFakeApi,
  installFakeWebSocket,
  renderInRoot,
  type FakeApi,
} from "../../../tests/setup/components";
import { OFFLINE_TEXT } from "~/lib/network";
import { OfflineNotice } from "../OfflineNotice";
import { SocketProvider } from "../SocketProvider";
import { CHAT_OFFLINE_TEXT, ChatPanel } from "./ChatPanel";
import { TYPING_SHOWN_MS } from "./useChatSocket";

const AVA = 1;
const BEN = 2;
const CHAT = chatIdOf(AVA, BEN);
const HISTORY = `GET /api/chat/${AVA}/${BEN}`;

const message = (overrides: Partial<ChatMessage>): ChatMessage => ({
  chat_id: CHAT,
  msg_id: "m-history-1",
  sender: BEN,
  sender_id: BEN,
  content: "Hello Ava",
  status: 2,
  created_dt: "2026-11-23T10:00:00.000Z",
  seq: 1,
  ...overrides,
});

let api: FakeApi;

beforeEach(() => {
  installFakeWebSocket();
  api = installFakeApi();
  api.answer(HISTORY, { body: { messages: [], has_more: false } });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderChat() {
  renderInRoot(
    <ChatPanel
      viewerId={AVA}
      friendId={BEN}
      friend={{ _id: BEN, name: "Ben Friend" }}
      online
      onClose={() => undefined}
      onBlocked={() => undefined}
    />,
    { wrap: (page) => <SocketProvider>{page}</SocketProvider> },
  );
}

/** The socket the panel's provider opened, once open. */
async function openSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest();
  socket.open();
  return socket;
}

const field = () => screen.getByRole("textbox", { name: "Message Ben Friend" });
const log = () => screen.getByRole("log", { name: "Messages" });
const sentChats = (socket: FakeWebSocket) =>
  socket.events().filter((event) => event.event === "new_message");

describe("ChatPanel", () => {
  it("shows the history, and says hi when there is none", async () => {
    renderChat();
    expect(
      await screen.findByRole("heading", { name: "Ben Friend" }),
    ).toBeTruthy();
    expect(await screen.findByText("Say hi to Ben Friend")).toBeTruthy();
    expect(screen.getByText("Online")).toBeTruthy();
  });

  it("keeps the messages a list inside the log, each one an item of it", async () => {
    api.answer(HISTORY, {
      body: {
        messages: [
          message({}),
          message({ msg_id: "m-history-2", content: "Ready?", seq: 2 }),
        ],
        has_more: false,
      },
    });
    renderChat();
    await screen.findByText("Ready?");
    // The log role on the <ol> itself would take away the list its items belong to.
    expect(log().tagName).not.toBe("OL");
    const list = within(log()).getByRole("list");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining("Hello Ava"),
      expect.stringContaining("Ready?"),
    ]);
  });

  it("sends a message, shows it at once as not sent yet, then sent once stored, delivered and seen", async () => {
    const user = userEvent.setup();
    renderChat();
    const socket = await openSocket();
    await screen.findByText("Say hi to Ben Friend");

    await user.type(field(), "See you at the match{Enter}");
    const bubble = within(log()).getByText("See you at the match");
    const item = bubble.closest("li")!;
    // Only on this screen so far: not the tick of a stored message (issue #31 item 10).
    expect(
      within(item).getByRole("img", { name: "Not sent yet" }),
    ).toBeTruthy();
    expect(within(item).queryByRole("img", { name: "Sent" })).toBeNull();
    expect((field() as HTMLTextAreaElement).value).toBe("");

    const [sent] = sentChats(socket);
    expect(sent.data).toMatchObject({
      to: BEN,
      content: "See you at the match",
    });
    const msgId = (sent.data as { msg_id: string }).msg_id;
    // The server's copy: stored, with its place.
    socket.receive({
      event: "new_message",
      data: {
        ...message({
          msg_id: msgId,
          sender: AVA,
          sender_id: AVA,
          content: "See you at the match",
          status: 0,
        }),
        user: BEN,
        friend_id: BEN,
        sender_name: "Ava",
      },
    });
    expect(await within(item).findByRole("img", { name: "Sent" })).toBeTruthy();
    socket.receive({ event: "ack", data: { id: sent.id } });
    socket.receive({
      event: "new_message_delivery",
      data: { chat_id: CHAT, msg_id: msgId, status: 1 },
    });
    expect(
      await within(item).findByRole("img", { name: "Delivered" }),
    ).toBeTruthy();
    socket.receive({
      event: "new_message_delivery",
      data: { chat_id: CHAT, msg_id: msgId, status: 2 },
    });
    expect(await within(item).findByRole("img", { name: "Seen" })).toBeTruthy();
  });

  it("sends nothing for blank text, and keeps Shift+Enter as a new line", async () => {
    const user = userEvent.setup();
    renderChat();
    const socket = await openSocket();
    await screen.findByText("Say hi to Ben Friend");
    await user.type(field(), "   {Enter}");
    await user.type(field(), "two{Shift>}{Enter}{/Shift}lines");
    expect((field() as HTMLTextAreaElement).value).toBe("   two\nlines");
    expect(sentChats(socket)).toEqual([]);
  });

  it("marks a message the server refused as not sent, with the server's reason", async () => {
    const user = userEvent.setup();
    renderChat();
    const socket = await openSocket();
    await screen.findByText("Say hi to Ben Friend");
    await user.type(field(), "Are you there?{Enter}");
    const [sent] = sentChats(socket);
    socket.receive({
      event: "error",
      data: { id: sent.id, message: "You can only message your friends" },
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "Not sent: You can only message your friends",
    );
    const item = within(log()).getByText("Are you there?").closest("li")!;
    expect(within(item).queryByRole("img", { name: "Sent" })).toBeNull();
  });

  it("offline, keeps a message as not sent yet and says so above the field, where the offline pill would cover the newest message", async () => {
    let online = true;
    vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
    const user = userEvent.setup();
    renderInRoot(
      <>
        <ChatPanel
          viewerId={AVA}
          friendId={BEN}
          friend={{ _id: BEN, name: "Ben Friend" }}
          online
          onClose={() => undefined}
          onBlocked={() => undefined}
        />
        <OfflineNotice />
      </>,
      { wrap: (page) => <SocketProvider>{page}</SocketProvider> },
    );
    const socket = await openSocket();
    await screen.findByText("Say hi to Ben Friend");
    online = false;
    act(() => {
      window.dispatchEvent(new Event("offline"));
      socket.close();
    });

    expect(await screen.findByText(CHAT_OFFLINE_TEXT)).toBeTruthy();
    // The page-wide pill is only announced while a chat is open: the chat says it in its own flow.
    const pill = screen.getByTestId("offline-notice");
    expect(pill.textContent).toBe(OFFLINE_TEXT);
    expect(pill.className).toBe("visually-hidden");

    await user.type(field(), "On the train{Enter}");
    const item = within(log()).getByText("On the train").closest("li")!;
    expect(
      within(item).getByRole("img", { name: "Not sent yet" }),
    ).toBeTruthy();
    expect(within(item).queryByRole("img", { name: "Sent" })).toBeNull();
  });

  it("disables the field of a chat the server refuses, saying why", async () => {
    const why =
      "You can chat with friends who follow you back. Follow each other to start a chat.";
    api.answer(HISTORY, {
      status: 403,
      body: { error: { code: "forbidden", message: why } },
    });
    renderChat();
    expect((await screen.findByTestId("chat-refusal")).textContent).toBe(why);
    expect((field() as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByText("Say hi to Ben Friend")).toBeNull();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("shows the friend's messages as they arrive and reports them seen", async () => {
    api.answer(HISTORY, {
      body: {
        messages: [message({ msg_id: "m-unseen-01", status: 1 })],
        has_more: false,
      },
    });
    renderChat();
    const socket = await openSocket();
    expect(await within(log()).findByText("Hello Ava")).toBeTruthy();
    await waitFor(() =>
      expect(
        socket.events().filter((event) => event.event === "message_status"),
      ).toEqual([
        expect.objectContaining({
          data: { friendId: BEN, msg_id: "m-unseen-01", status: 2 },
        }),
      ]),
    );

    socket.receive({
      event: "new_message",
      data: {
        ...message({ msg_id: "m-live-0001", content: "Rematch?", status: 1 }),
        user: AVA,
        friend_id: BEN,
        sender_name: "Ben Friend",
      },
    });
    expect(await within(log()).findByText("Rematch?")).toBeTruthy();
    expect(
      screen.getByRole("button", { name: "Report message: Rematch?" }),
    ).toBeTruthy();
  });

  it("shows 'Typing...' while the friend types, until their message arrives", async () => {
    renderChat();
    const socket = await openSocket();
    await screen.findByText("Say hi to Ben Friend");
    const typingNote = {
      event: "typing_note",
      data: { from: BEN, to: AVA, chat_id: CHAT, sender_name: "Ben Friend" },
    };
    socket.receive(typingNote);
    expect(await screen.findByText("Typing...")).toBeTruthy();
    socket.receive({
      event: "new_message",
      data: {
        ...message({ msg_id: "m-typed-001", content: "Done typing" }),
        user: AVA,
        friend_id: BEN,
        sender_name: "Ben Friend",
      },
    });
    await waitFor(() => expect(screen.queryByText("Typing...")).toBeNull());
  });

  it("keeps 'Typing...' on while notes keep coming a second or so apart, and clears it 3 s after the last", async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ["setTimeout", "clearTimeout", "Date"],
    });
    renderChat();
    const socket = await openSocket();
    await screen.findByText("Say hi to Ben Friend");
    const typingNote = {
      event: "typing_note",
      data: { from: BEN, to: AVA, chat_id: CHAT, sender_name: "Ben Friend" },
    };
    socket.receive(typingNote);
    expect(await screen.findByText("Typing...")).toBeTruthy();
    // Notes go out once a second; on a real network some arrive late.
    for (const gap of [1_000, 1_300, 900, 1_600, 1_000]) {
      await act(() => vi.advanceTimersByTimeAsync(gap));
      expect(screen.queryByText("Typing...")).not.toBeNull();
      socket.receive(typingNote);
    }
    await act(() => vi.advanceTimersByTimeAsync(TYPING_SHOWN_MS - 100));
    expect(screen.queryByText("Typing...")).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText("Typing...")).toBeNull();
  });

  it("tells the friend the viewer is typing, at most once a second", async () => {
    const user = userEvent.setup();
    renderChat();
    const socket = await openSocket();
    await screen.findByText("Say hi to Ben Friend");
    await user.type(field(), "abc");
    expect(
      socket.events().filter((event) => event.event === "typing_note"),
    ).toEqual([expect.objectContaining({ data: { to: BEN } })]);
  });

  it("acknowledges the friend's message before reporting it seen, and shows a copy sent again after a reconnect once", async () => {
    renderChat();
    const first = await openSocket();
    await screen.findByText("Say hi to Ben Friend");
    const live = {
      event: "new_message",
      data: {
        ...message({
          msg_id: "m-live-0002",
          content: "Still there?",
          status: 0,
        }),
        user: AVA,
        friend_id: BEN,
        sender_name: "Ben Friend",
      },
    };
    first.receive(live);
    expect(await within(log()).findByText("Still there?")).toBeTruthy();
    await waitFor(() =>
      expect(
        first
          .events()
          .map((event) => event.event)
          .filter((name) => name !== "ping"),
      ).toEqual(["messages_received", "message_status"]),
    );
    expect(first.events()[0].data).toEqual({
      friendId: BEN,
      msg_ids: ["m-live-0002"],
    });

    // The link drops before the server has the receipt: the next connection sends the message again.
    first.close(1006);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), {
      timeout: 3_000,
    });
    const second = FakeWebSocket.latest();
    second.open();
    second.receive({ ...live, redelivered: true });
    await waitFor(() =>
      expect(
        second.events().filter((event) => event.event === "messages_received"),
      ).toHaveLength(2),
    );
    expect(within(log()).getAllByText("Still there?")).toHaveLength(1);
  });

  it("acknowledges the friend's undelivered messages it reads from the history before reporting them seen", async () => {
    api.answer(HISTORY, {
      body: {
        messages: [
          message({
            msg_id: "m-away-0001",
            content: "While you were away",
            status: 0,
            seq: 1,
          }),
          message({
            msg_id: "m-away-0002",
            content: "And again",
            status: 0,
            seq: 2,
          }),
        ],
        has_more: false,
      },
    });
    renderChat();
    const socket = await openSocket();
    expect(await within(log()).findByText("And again")).toBeTruthy();
    await waitFor(() =>
      expect(
        socket
          .events()
          .map((event) => event.event)
          .filter((name) => name !== "ping"),
      ).toEqual(["messages_received", "message_status"]),
    );
    expect(socket.events().map((event) => event.data)).toEqual([
      { friendId: BEN, msg_ids: ["m-away-0001", "m-away-0002"] },
      { friendId: BEN, msg_id: "m-away-0002", status: 2 },
    ]);
  });

  it("after a dropped socket, resends what was not acknowledged and reloads the history", async () => {
    const user = userEvent.setup();
    renderChat();
    const first = await openSocket();
    await screen.findByText("Say hi to Ben Friend");
    await user.type(field(), "Sent before the drop{Enter}");
    const [sent] = sentChats(first);
    const historyLoads = () =>
      api.calls.filter((call) => call.route === HISTORY).length;
    expect(historyLoads()).toBe(1);

    first.close(1006);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), {
      timeout: 3_000,
    });
    const second = FakeWebSocket.latest();
    api.answer(HISTORY, {
      body: {
        messages: [
          message({
            msg_id: (sent.data as { msg_id: string }).msg_id,
            sender: AVA,
            sender_id: AVA,
            content: "Sent before the drop",
            status: 1,
          }),
        ],
        has_more: false,
      },
    });
    second.open();
    expect(sentChats(second)).toEqual([sent]);
    await waitFor(() => expect(historyLoads()).toBe(2));
    const item = within(log()).getByText("Sent before the drop").closest("li")!;
    expect(
      await within(item).findByRole("img", { name: "Delivered" }),
    ).toBeTruthy();
    expect(within(log()).getAllByText("Sent before the drop")).toHaveLength(1);
  });

  it("shows a message the viewer reported earlier as Reported, without a Report button, after a reload", async () => {
    api.answer(HISTORY, {
      body: {
        messages: [
          {
            ...message({ msg_id: "m-reported-1", content: "Rude words" }),
            reported: true,
          },
          message({ msg_id: "m-fine-0001", content: "Kind words", seq: 2 }),
        ],
        has_more: false,
      },
    });
    renderChat();
    const rude = (await screen.findByText("Rude words")).closest("li")!;
    expect(within(rude).getByText("Reported")).toBeTruthy();
    expect(within(rude).queryByRole("button", { name: /^Report/ })).toBeNull();
    const kind = within(log()).getByText("Kind words").closest("li")!;
    expect(
      within(kind).getByRole("button", { name: "Report message: Kind words" }),
    ).toBeTruthy();
  });

  it("says why the history did not load, and loads it on Try again", async () => {
    api.answer(HISTORY, {
      status: 500,
      body: { error: { code: "internal", message: "Something went wrong" } },
    });
    const user = userEvent.setup();
    renderChat();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Something went wrong");
    api.answer(HISTORY, {
      body: { messages: [message({})], has_more: false },
    });
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await within(log()).findByText("Hello Ava")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
