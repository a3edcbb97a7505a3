import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { hubOf } from "../../workers/durable-objects/hubs";
import { countingD1, type D1Tally } from "./d1-writes";
import {
  connect,
  getJson,
  makeFriends,
  newPlayer,
  seed,
  type Player,
} from "./helpers";

beforeAll(seed);

type Socket = Awaited<ReturnType<typeof connect>>;

/** Until `restore` is called, the player's hub reaches D1 only through a binding that counts every statement. */
async function countHubD1(player: Player) {
  let tally: D1Tally | undefined;
  let original: D1Database | undefined;
  await runInDurableObject(hubOf(env, player.userId), (hub) => {
    const own = (hub as unknown as { env: Env }).env;
    original = own.DB;
    const counting = countingD1(own.DB);
    tally = counting.tally;
    own.DB = counting.db;
  });
  return {
    tally: tally!,
    restore: () =>
      runInDurableObject(hubOf(env, player.userId), (hub) => {
        (hub as unknown as { env: Env }).env.DB = original!;
      }),
  };
}

/** The hub has read its user's chat roster since the socket opened (the read is not awaited by the upgrade). */
const rosterRead = (player: Player, friend: Player) =>
  expect
    .poll(
      async () =>
        (
          await runInDurableObject(hubOf(env, player.userId), (_hub, state) =>
            state.storage.get<{ friends: number[] }>("chatRoster"),
          )
        )?.friends.includes(friend.userId),
      { timeout: 3_000, interval: 50 },
    )
    .toBe(true);

const typeTo = (socket: Socket, to: Player) =>
  socket.send({ event: "typing_note", data: { to: to.userId } });

describe("typing notes", () => {
  it("reach the friend without a D1 read: the hub knows its user's friends from the socket's opening", async () => {
    const [ann, bob] = [
      await newPlayer("Typing Ann"),
      await newPlayer("Typing Bob"),
    ];
    await makeFriends(ann, bob);
    const [a, b] = [await connect(ann), await connect(bob)];
    await rosterRead(ann, bob);

    const { tally, restore } = await countHubD1(ann);
    try {
      for (let note = 0; note < 3; note++) {
        typeTo(a, bob);
        expect((await b.next("typing_note")).data).toMatchObject({
          from: ann.userId,
          to: bob.userId,
          sender_name: "Typing Ann",
        });
      }
      expect(tally.calls, "D1 statements run by the typing notes").toBe(0);
    } finally {
      await restore();
    }
    for (const socket of [a, b]) socket.socket.close();
  });

  it("stop at once when the two are no longer friends, and go again when they are", async () => {
    const [ann, cid] = [
      await newPlayer("Typing Ann2"),
      await newPlayer("Typing Cid"),
    ];
    await makeFriends(ann, cid);
    const [a, c] = [await connect(ann), await connect(cid)];
    await rosterRead(ann, cid);

    const unfollowed = await getJson(`/api/social/unfriend/${ann.userId}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${cid.token}` },
    });
    expect(unfollowed.status).toBe(200);
    typeTo(a, cid);
    await a.barrier();
    await c.barrier();
    expect(c.has("typing_note"), "a note to someone who unfollowed").toBe(
      false,
    );

    await makeFriends(ann, cid);
    const { tally, restore } = await countHubD1(ann);
    try {
      typeTo(a, cid);
      expect((await c.next("typing_note")).data.from).toBe(ann.userId);
      expect(tally.calls, "the follow told the hub; nothing read").toBe(0);
    } finally {
      await restore();
    }
    for (const socket of [a, c]) socket.socket.close();
  });
});
