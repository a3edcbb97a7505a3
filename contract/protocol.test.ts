import { describe, expect, it } from "vitest";
import { parseClientFrame } from "./protocol";
import { ROOM_SOCKET } from "./room-socket";
import { USER_SOCKET } from "./user-socket";

const onUserSocket = (raw: string | ArrayBuffer) =>
  parseClientFrame(raw, USER_SOCKET, ROOM_SOCKET);
const onRoomSocket = (raw: string | ArrayBuffer) =>
  parseClientFrame(raw, ROOM_SOCKET, USER_SOCKET);

describe("parseClientFrame", () => {
  it("accepts a known event of its socket", () => {
    expect(onUserSocket('{"event":"ping"}')).toEqual({
      ok: true,
      event: { event: "ping" },
    });
    expect(
      onRoomSocket('{"event":"game_data","id":"a1","data":{"score":3}}'),
    ).toEqual({
      ok: true,
      event: { event: "game_data", id: "a1", data: { score: 3 } },
    });
  });

  it("explains what is wrong with anything else", () => {
    expect(onUserSocket("{oops")).toEqual({
      ok: false,
      message: "Messages must be JSON text",
    });
    expect(onUserSocket(new ArrayBuffer(2))).toEqual({
      ok: false,
      message: "Messages must be JSON text",
    });
    expect(onUserSocket('{"data":1}')).toEqual({
      ok: false,
      message: "Messages need an event name",
    });
    expect(onUserSocket('{"event":"nope"}')).toEqual({
      ok: false,
      message: "Unknown or malformed event: nope",
    });
    expect(onUserSocket("null")).toEqual({
      ok: false,
      message: "Messages need an event name",
    });
  });

  it("names the right socket for the other socket's events", () => {
    expect(
      onUserSocket('{"event":"game_data","id":"g1","data":{"score":1}}'),
    ).toEqual({
      ok: false,
      message: "Match events go on the room socket (/ws/room/{roomId})",
      id: "g1",
    });
    expect(onRoomSocket('{"event":"typing_note","data":{"to":2}}')).toEqual({
      ok: false,
      message: "Chat events go on the user socket (/ws)",
    });
  });

  it("refuses a room frame that names a room or a player: the address and the session do", () => {
    const frame = JSON.stringify({
      event: "exit_game_room",
      id: "x1",
      data: { roomId: "room-0001", userId: 7, score: 4 },
    });
    expect(onRoomSocket(frame)).toEqual({
      ok: false,
      message:
        "Malformed exit_game_room: the room socket's address names the room and the session the player; leave out roomId, userId",
      id: "x1",
    });
  });
});
