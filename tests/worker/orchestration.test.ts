import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Friend } from "#contract/types";
import { createServices } from "../../workers/context";
import {
  connect,
  from,
  getJson,
  json,
  makeFriends,
  newPlayer,
  request,
  seed,
  testAddress,
  validSignUp,
  type Player,
} from "./helpers";

beforeAll(seed);

let sequence = 0;
const msgId = () =>
  `svc-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

const friendNames = async (player: Player) =>
  (
    await getJson<Friend[]>(`/api/social/friends/${player.userId}`, {
      headers: { Authorization: `Bearer ${player.token}` },
    })
  ).body.map((friend) => friend.name);

// Called on the services directly, as a page action would: the side effects come with the use case, not the router.
describe("use cases called on the services, without the JSON API", () => {
  it("a block refuses the next chat frame at once, and an unblock and follows let it through again", async () => {
    const [ann, bob] = [
      await newPlayer("Service Ann"),
      await newPlayer("Service Bob"),
    ];
    await makeFriends(ann, bob);
    const [a, b] = [await connect(ann), await connect(bob)];
    a.send({
      event: "new_message",
      data: { to: bob.userId, content: "hello", msg_id: msgId() },
    });
    // Ann's hub has now read, and keeps for a minute, that the two may chat.
    await b.next("new_message");

    const { social } = createServices(env);
    expect(await social.block(bob.userId, ann.userId)).toEqual({
      blocked: true,
    });
    a.send({
      event: "new_message",
      id: "after-block",
      data: { to: bob.userId, content: "hello?", msg_id: msgId() },
    });
    expect((await a.next("error")).data).toEqual({
      message: "You cannot message this player",
      id: "after-block",
    });

    await social.unblock(bob.userId, ann.userId);
    await social.follow(ann.userId, { from: ann.userId, to: bob.userId });
    await social.follow(bob.userId, { from: bob.userId, to: ann.userId });
    a.send({
      event: "new_message",
      data: { to: bob.userId, content: "friends again", msg_id: msgId() },
    });
    expect((await b.next("new_message")).data.content).toBe("friends again");
  });

  it("a new name shows on the sender's next message", async () => {
    const [cy, di] = [
      await newPlayer("Service Cy"),
      await newPlayer("Service Di"),
    ];
    await makeFriends(cy, di);
    const [c, d] = [await connect(cy), await connect(di)];
    c.send({
      event: "new_message",
      data: { to: di.userId, content: "hi", msg_id: msgId() },
    });
    expect((await d.next("new_message")).data.sender_name).toBe("Service Cy");

    const { accounts } = createServices(env);
    await accounts.updateProfile(await accounts.getUser(cy.userId), {
      name: "Service Cyrus",
      phone_number: "9876501234",
      address: "22 River Walk, Porto",
      gender: "male",
      profile_img: null,
    });
    c.send({
      event: "new_message",
      data: { to: di.userId, content: "me again", msg_id: msgId() },
    });
    expect((await d.next("new_message")).data.sender_name).toBe(
      "Service Cyrus",
    );
  });
});

describe("signing up through a friend's invite link, at every door", () => {
  const inviteOf = async (host: Player) =>
    (
      await getJson<{ code: string }>("/api/social/invite", {
        headers: { Authorization: `Bearer ${host.token}` },
      })
    ).body.code;
  const pagePost = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return from(testAddress(), {
      method: "POST",
      body,
      // Remix compares Origin with Host before it runs a page's action.
      headers: { Origin: "https://playfeed.test", Host: "playfeed.test" },
    });
  };
  const signUpFields = (name: string, invite: string) =>
    Object.fromEntries(
      Object.entries(validSignUp({ name, invite })).map(([key, value]) => [
        key,
        String(value),
      ]),
    );

  it("the JSON API, the sign-up popup's action and the /registration form all make the two friends", async () => {
    const host = await newPlayer("Invite Host");
    const code = await inviteOf(host);

    const api = await getJson(
      "/api/user",
      from(
        testAddress(),
        json("POST", validSignUp({ name: "Invited Api", invite: code })),
      ),
    );
    expect(api.status).toBe(201);
    // The sign-up popup's fetcher: the same action, asked to answer in place.
    const popup = await request(
      "/registration.data",
      pagePost({ ...signUpFields("Invited Popup", code), inPlace: "1" }),
    );
    expect(popup.status).toBe(200);
    // The /registration form's action, reached as Remix's data request (the same action a post without JavaScript runs).
    const registration = await request(
      "/registration.data",
      pagePost(signUpFields("Invited Form", code)),
    );
    expect(registration.headers.get("Location")).toBe("/home");
    expect(registration.headers.get("Set-Cookie")).toContain("HttpOnly");

    expect((await friendNames(host)).sort()).toEqual([
      "Invited Api",
      "Invited Form",
      "Invited Popup",
    ]);
  });

  it("an invite code that is not one signs the player up without friends", async () => {
    const player = await getJson<{ user: { _id: number }; token: string }>(
      "/api/user",
      from(
        testAddress(),
        json("POST", validSignUp({ name: "Odd Invite", invite: 42 })),
      ),
    );
    expect(player.status).toBe(201);
    expect(
      await friendNames({
        token: player.body.token,
        userId: player.body.user._id,
        name: "Odd Invite",
      }),
    ).toEqual([]);
  });
});
