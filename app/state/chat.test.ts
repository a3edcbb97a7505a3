import { describe, expect, it } from "vitest";
import type { ChatMessage } from "#contract/protocol";
import {
  chatReducer,
  initialChatState,
  isTyping,
  oldestSeq,
  undeliveredFromFriend,
  unseenFromFriend,
  type ChatAction,
  type ChatState,
  type TypingNote,
} from "./chat";

const ME = 3;
const FRIEND = 7;
const CHAT = "3-7";

let clock = Date.UTC(2026, 10, 21, 15, 0);
/** The server numbers messages as it stores them; here, in the order the test makes them. */
let stored = 0;
function message(
  msg_id: string,
  sender: number,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  clock += 1000;
  return {
    chat_id: CHAT,
    msg_id,
    sender,
    sender_id: sender,
    content: `text of ${msg_id}`,
    status: 0,
    created_dt: new Date(clock).toISOString(),
    seq: ++stored,
    ...extra,
  };
}

const run = (
  actions: ChatAction[],
  state: ChatState = initialChatState({ viewerId: ME, friendId: FRIEND }),
) => actions.reduce(chatReducer, state);
const ids = (state: ChatState) => state.messages.map((entry) => entry.msg_id);
const statuses = (state: ChatState) =>
  Object.fromEntries(
    state.messages.map((entry) => [entry.msg_id, entry.status]),
  );
const typingNote = (from: number): TypingNote => ({
  from,
  chat_id: CHAT,
  sender_name: `User ${from}`,
});

describe("chatReducer: history", () => {
  it("starts empty and not loaded", () => {
    expect(initialChatState({ viewerId: ME, friendId: FRIEND })).toEqual({
      viewerId: ME,
      friendId: FRIEND,
      messages: [],
      loaded: false,
      hasMore: false,
      typing: [],
      earlyDeliveries: [],
    });
  });

  it("loads the newest page, then puts an older page in front of it", () => {
    const newest = [
      message("m3", FRIEND, { seq: 3 }),
      message("m4", ME, { seq: 4 }),
    ];
    const older = [
      message("m1", ME, { seq: 1 }),
      message("m2", FRIEND, { seq: 2 }),
    ];
    const first = run([
      { type: "historyLoaded", messages: newest, hasMore: true },
    ]);
    expect(first.loaded).toBe(true);
    expect(first.hasMore).toBe(true);
    expect(oldestSeq(first)).toBe(3);
    const both = run(
      [{ type: "historyLoaded", messages: older, hasMore: false, older: true }],
      first,
    );
    expect(ids(both)).toEqual(["m1", "m2", "m3", "m4"]);
    expect(both.hasMore).toBe(false);
    expect(oldestSeq(both)).toBe(1);
  });

  it("merges the newest page loaded again after a reconnect: no duplicates, statuses only rise, missed messages slot in", () => {
    const start = run([
      {
        type: "historyLoaded",
        messages: [
          message("m1", ME, { seq: 1, status: 2 }),
          message("m2", ME, { seq: 2 }),
        ],
        hasMore: false,
      },
      {
        type: "sent",
        message: {
          msg_id: "local",
          sender: ME,
          content: "typed offline",
          status: 0,
          created_dt: new Date(clock + 99_000).toISOString(),
        },
      },
    ]);
    // The server's page: m1 read at an older status, m2 now seen, and m3 from the friend that arrived while we were away.
    const again = run(
      [
        {
          type: "historyLoaded",
          messages: [
            message("m1", ME, { seq: 1, status: 1 }),
            message("m2", ME, { seq: 2, status: 2 }),
            message("m3", FRIEND, { seq: 3 }),
          ],
          hasMore: true,
        },
      ],
      start,
    );
    expect(ids(again)).toEqual(["m1", "m2", "m3", "local"]);
    expect(statuses(again)).toMatchObject({ m1: 2, m2: 2, m3: 0, local: 0 });
    // Loaded before: the newest page's has_more does not bring back a "Load earlier" that was done.
    expect(again.hasMore).toBe(false);
  });

  it("keeps messages older than a reloaded newest page in front of it", () => {
    const start = run([
      {
        type: "historyLoaded",
        messages: [message("m5", FRIEND, { seq: 5 })],
        hasMore: true,
      },
      {
        type: "historyLoaded",
        messages: [message("m4", ME, { seq: 4 })],
        hasMore: false,
        older: true,
      },
    ]);
    const again = run(
      [
        {
          type: "historyLoaded",
          messages: [
            message("m5", FRIEND, { seq: 5 }),
            message("m6", FRIEND, { seq: 6 }),
          ],
          hasMore: true,
        },
      ],
      start,
    );
    expect(ids(again)).toEqual(["m4", "m5", "m6"]);
  });
});

describe("chatReducer: sending and receiving", () => {
  it("shows a sent message at once with status 0, and takes the server's copy without duplicating it", () => {
    const created = new Date(clock).toISOString();
    const sent = run([
      {
        type: "sent",
        message: {
          msg_id: "mine1",
          sender: ME,
          content: "Hi!",
          status: 0,
          created_dt: created,
        },
      },
    ]);
    expect(sent.messages).toEqual([
      {
        msg_id: "mine1",
        sender: ME,
        content: "Hi!",
        status: 0,
        created_dt: created,
        local: true,
      },
    ]);
    const echoed = run(
      [{ type: "received", message: message("mine1", ME, { content: "Hi!" }) }],
      sent,
    );
    expect(ids(echoed)).toEqual(["mine1"]);
    expect(echoed.messages[0].local).toBeUndefined();
    // Sending the same id twice (a double submit) adds it once.
    expect(run([{ type: "sent", message: sent.messages[0] }], sent)).toBe(sent);
  });

  it("appends incoming messages and drops repeats by msg_id", () => {
    const once = run([
      { type: "received", message: message("a", FRIEND) },
      { type: "received", message: message("b", FRIEND) },
    ]);
    const repeated = run(
      [
        {
          type: "received",
          message: {
            ...once.messages[0],
            chat_id: CHAT,
            sender_id: FRIEND,
            seq: once.messages[0].seq ?? 0,
            status: 1,
          },
        },
      ],
      once,
    );
    expect(ids(repeated)).toEqual(["a", "b"]);
    expect(statuses(repeated)).toEqual({ a: 1, b: 0 });
  });

  it("never lowers a status when an older copy of a message arrives", () => {
    const seen = run([
      {
        type: "sent",
        message: {
          msg_id: "x1",
          sender: ME,
          content: "yo",
          status: 0,
          created_dt: new Date(clock).toISOString(),
        },
      },
      { type: "delivery", msg_id: "x1", status: 2 },
      { type: "received", message: message("x1", ME, { status: 0 }) },
    ]);
    expect(statuses(seen)).toEqual({ x1: 2 });
  });

  it("marks a message the server refused", () => {
    const state = run([
      {
        type: "sent",
        message: {
          msg_id: "nope1",
          sender: ME,
          content: "hello",
          status: 0,
          created_dt: new Date(clock).toISOString(),
        },
      },
      {
        type: "sendFailed",
        msg_id: "nope1",
        error: "You cannot message this player",
      },
    ]);
    expect(state.messages[0].error).toBe("You cannot message this player");
    expect(
      run([{ type: "sendFailed", msg_id: "unknown", error: "x" }], state),
    ).toBe(state);
  });
});

describe("chatReducer: the stored order (issue #31 item 9)", () => {
  const sent = (msg_id: string): ChatAction => ({
    type: "sent",
    message: {
      msg_id,
      sender: ME,
      content: `text of ${msg_id}`,
      status: 0,
      created_dt: new Date(clock).toISOString(),
    },
  });
  const stored = (msg_id: string, sender: number, seq: number): ChatAction => ({
    type: "received",
    message: message(msg_id, sender, { seq }),
  });

  it("shows both sides of an interleaved chat in the order the server stored them, whatever order they came in", () => {
    // The conversation stored A1, B1, A2, B2, A3 (positions 1-5). The viewer typed A1-A3 quickly; the friend's B1 and
    // B2 reached this screen after all three were on it, and the echoes of the viewer's own came in between.
    const screen = run([
      sent("A1"),
      sent("A2"),
      stored("A1", ME, 1),
      sent("A3"),
      stored("A2", ME, 3),
      stored("B1", FRIEND, 2),
      stored("A3", ME, 5),
      stored("B2", FRIEND, 4),
    ]);
    expect(ids(screen)).toEqual(["A1", "B1", "A2", "B2", "A3"]);
    // A reload reads the same order from the history.
    const reloaded = run([
      {
        type: "historyLoaded",
        messages: screen.messages.map((entry) =>
          message(entry.msg_id, entry.sender, { seq: entry.seq }),
        ),
        hasMore: false,
      },
    ]);
    expect(ids(reloaded)).toEqual(ids(screen));
  });

  it("keeps the viewer's messages not stored yet after every stored one, in the order written, until each has its place", () => {
    const waiting = run([sent("A1"), sent("A2"), stored("B1", FRIEND, 7)]);
    expect(ids(waiting)).toEqual(["B1", "A1", "A2"]);
    // A2 was stored before B2 but after B1; A1 is still on its way.
    const placed = run([stored("B2", FRIEND, 9), stored("A2", ME, 8)], waiting);
    expect(ids(placed)).toEqual(["B1", "A2", "B2", "A1"]);
  });

  it("puts a message handed over late (a catch-up, an older page) at its place, not at the end", () => {
    const screen = run([
      {
        type: "historyLoaded",
        messages: [message("B4", FRIEND, { seq: 4 })],
        hasMore: true,
      },
      stored("B6", FRIEND, 6),
      stored("A5", ME, 5),
      {
        type: "historyLoaded",
        messages: [
          message("A2", ME, { seq: 2 }),
          message("B3", FRIEND, { seq: 3 }),
        ],
        hasMore: false,
        older: true,
      },
    ]);
    expect(ids(screen)).toEqual(["A2", "B3", "B4", "A5", "B6"]);
  });
});

describe("chatReducer: delivery status (SPEC.md §4)", () => {
  const conversation = () =>
    run([
      {
        type: "historyLoaded",
        hasMore: false,
        messages: [
          message("o1", ME, { seq: 1 }),
          message("f1", FRIEND, { seq: 2 }),
          message("o2", ME, { seq: 3 }),
          message("o3", ME, { seq: 4 }),
        ],
      },
    ]);

  it("raises every own message up to the named one, and none after it", () => {
    const delivered = run(
      [{ type: "delivery", msg_id: "o2", status: 1 }],
      conversation(),
    );
    expect(statuses(delivered)).toEqual({ o1: 1, f1: 0, o2: 1, o3: 0 });
  });

  it("never lowers a status", () => {
    const seen = run(
      [
        { type: "delivery", msg_id: "o3", status: 2 },
        { type: "delivery", msg_id: "o3", status: 1 },
      ],
      conversation(),
    );
    expect(statuses(seen)).toEqual({ o1: 2, f1: 0, o2: 2, o3: 2 });
    // Nothing to change gives the same state back.
    expect(run([{ type: "delivery", msg_id: "o2", status: 1 }], seen)).toBe(
      seen,
    );
  });

  it("keeps an update for a message not loaded yet and applies it when the message arrives", () => {
    const early = run([{ type: "delivery", msg_id: "o2", status: 2 }]);
    expect(early.earlyDeliveries).toEqual([{ msg_id: "o2", status: 2 }]);
    const loaded = run(
      [
        {
          type: "historyLoaded",
          hasMore: false,
          messages: [
            message("o1", ME, { seq: 1 }),
            message("o2", ME, { seq: 2 }),
            message("o4", ME, { seq: 3 }),
          ],
        },
      ],
      early,
    );
    expect(statuses(loaded)).toEqual({ o1: 2, o2: 2, o4: 0 });
    expect(loaded.earlyDeliveries).toEqual([]);
  });

  it("marks the friend's messages seen up to the one reported, never the viewer's own", () => {
    const state = run([
      {
        type: "historyLoaded",
        hasMore: false,
        messages: [
          message("f1", FRIEND, { seq: 1 }),
          message("o1", ME, { seq: 2 }),
          message("f2", FRIEND, { seq: 3, status: 1 }),
        ],
      },
    ]);
    expect(unseenFromFriend(state)).toBe("f2");
    const seen = run([{ type: "markedSeen", msg_id: "f2" }], state);
    expect(statuses(seen)).toEqual({ f1: 2, o1: 0, f2: 2 });
    expect(unseenFromFriend(seen)).toBeNull();
    // A new message from the friend is unseen again.
    const more = run(
      [{ type: "received", message: message("f3", FRIEND) }],
      seen,
    );
    expect(unseenFromFriend(more)).toBe("f3");
  });

  it("reports nothing unseen when only the viewer wrote or everything was seen", () => {
    expect(unseenFromFriend(conversation())).toBe("f1");
    expect(
      unseenFromFriend(
        run([
          {
            type: "historyLoaded",
            hasMore: false,
            messages: [message("o9", ME, { seq: 1 })],
          },
        ]),
      ),
    ).toBeNull();
    expect(
      unseenFromFriend(
        run([
          {
            type: "historyLoaded",
            hasMore: false,
            messages: [message("f9", FRIEND, { seq: 1, status: 2 })],
          },
        ]),
      ),
    ).toBeNull();
  });
});

describe("undeliveredFromFriend", () => {
  it("names the friend's messages still at status 0 in a page, in order, never the viewer's own", () => {
    expect(
      undeliveredFromFriend(
        [
          message("f1", FRIEND, { status: 1 }),
          message("f2", FRIEND),
          message("o1", ME),
          message("f3", FRIEND, { status: 2 }),
          message("f4", FRIEND),
        ],
        FRIEND,
      ),
    ).toEqual(["f2", "f4"]);
    expect(undeliveredFromFriend([], FRIEND)).toEqual([]);
  });
});

describe("chatReducer: typing notifications (SPEC.md §4)", () => {
  it("adds a note, removing any duplicate and appending", () => {
    const state = run([
      { type: "typingStarted", note: typingNote(FRIEND) },
      { type: "typingStarted", note: typingNote(11) },
      { type: "typingStarted", note: typingNote(FRIEND) },
    ]);
    expect(state.typing.map((note) => note.from)).toEqual([11, FRIEND]);
    expect(isTyping(state, FRIEND)).toBe(true);
  });

  it("removes a note, and changes nothing when there is none", () => {
    const typing = run([{ type: "typingStarted", note: typingNote(FRIEND) }]);
    const stopped = run([{ type: "typingStopped", from: FRIEND }], typing);
    expect(stopped.typing).toEqual([]);
    expect(isTyping(stopped, FRIEND)).toBe(false);
    expect(run([{ type: "typingStopped", from: FRIEND }], stopped)).toBe(
      stopped,
    );
  });

  it("ends the friend's typing note when their message arrives", () => {
    const state = run([
      { type: "typingStarted", note: typingNote(FRIEND) },
      { type: "received", message: message("f1", FRIEND) },
    ]);
    expect(state.typing).toEqual([]);
  });
});

describe("chatReducer: a message a moderator removed", () => {
  it("drops its text in place, live and from the history, and ignores a message it does not have", () => {
    const [kept, hidden] = [
      message("m-kept", FRIEND),
      message("m-bad", FRIEND),
    ];
    const loaded = run([
      { type: "historyLoaded", messages: [kept, hidden], hasMore: false },
    ]);
    const removed = chatReducer(loaded, { type: "removed", msg_id: "m-bad" });
    expect(ids(removed)).toEqual(["m-kept", "m-bad"]);
    expect(removed.messages[1]).toMatchObject({ content: "", removed: true });
    expect(removed.messages[0].removed).toBeUndefined();
    expect(chatReducer(removed, { type: "removed", msg_id: "m-other" })).toBe(
      removed,
    );
    const reloaded = run([
      {
        type: "historyLoaded",
        messages: [message("m-gone", FRIEND, { content: "", removed: true })],
        hasMore: false,
      },
    ]);
    expect(reloaded.messages[0].removed).toBe(true);
  });
});
