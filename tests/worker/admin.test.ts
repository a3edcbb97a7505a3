import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../../workers/context";
import {
  type Player,
  gameId,
  newPlayer,
  scoredRound,
  seed,
  openPage,
  postForm,
} from "./helpers";

let admin: Player;
let moderator: Player;
let player: Player;
let developer: Player;

const post = postForm;
const page = openPage;

const setRole = (who: Player, role: string) =>
  env.DB.prepare("update users set role = ? where id = ?")
    .bind(role, who.userId)
    .run();

const roleOf = (who: Player) =>
  env.DB.prepare("select role from users where id = ?")
    .bind(who.userId)
    .first<string>("role");

const emailOf = (who: Player) =>
  env.DB.prepare("select email from users where id = ?")
    .bind(who.userId)
    .first<string>("email");

const logEntries = (action: string, targetId: number) =>
  env.DB.prepare(
    "select moderator_id, target_type, reason, detail from moderation_log where action = ? and target_id = ? order by id",
  )
    .bind(action, String(targetId))
    .all<{
      moderator_id: number;
      target_type: string;
      reason: string;
      detail: string | null;
    }>()
    .then((result) => result.results);

beforeAll(async () => {
  await seed();
  [admin, moderator, player, developer] = [
    await newPlayer("Ada Admin"),
    await newPlayer("Mo Moderator"),
    await newPlayer("Pia Player"),
    await newPlayer("Dev Dora"),
  ];
  await setRole(admin, "admin");
  await setRole(moderator, "moderator");
  await createServices(env).developers.createPublisher(developer.userId, {
    name: `Staff Test Studio ${crypto.randomUUID().slice(0, 8)}`,
    about: "",
    icon: "/favicon.svg",
    banner: "/favicon.svg",
  });
});

describe("who may open the staff pages", () => {
  it("shows /admin and /admin/log to admins only, and the 404 page to everyone else signed in", async () => {
    for (const path of ["/admin", "/admin/log"]) {
      expect((await page(path, admin)).status, path).toBe(200);
      for (const who of [moderator, player, developer])
        expect((await page(path, who)).status, `${path} ${who.name}`).toBe(404);
      const visitor = await page(path);
      expect(visitor.status).toBe(303);
      expect(visitor.headers.get("Location")).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
    }
  });

  it("refuses a grant or take posted by anyone but an admin, and changes nothing", async () => {
    const email = (await emailOf(player))!;
    for (const who of [moderator, player, developer]) {
      const grant = await post(
        "/admin",
        { intent: "grant", email, role: "admin", reason: "Let me in" },
        who,
      );
      expect(grant.status).toBe(404);
      const take = await post(
        "/admin",
        { intent: "take", userId: String(admin.userId), reason: "Out" },
        who,
      );
      expect(take.status).toBe(404);
    }
    expect((await post("/admin", { intent: "grant", email })).status).toBe(303);
    expect(await roleOf(player)).toBe("player");
    expect(await roleOf(admin)).toBe("admin");
    // The service checks the role again whatever page called it.
    await expect(
      createServices(env).staff.grant(moderator.userId, {
        email,
        role: "moderator",
        reason: "Sneaky",
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("shows /moderation/rounds to moderators and admins, and the 404 page to players and developers", async () => {
    for (const who of [moderator, admin])
      expect((await page("/moderation/rounds", who)).status).toBe(200);
    for (const who of [player, developer]) {
      expect((await page("/moderation/rounds", who)).status).toBe(404);
      expect(
        (
          await post(
            "/moderation/rounds",
            { decision: "release", statsId: "1", reason: "Looks fine" },
            who,
          )
        ).status,
      ).toBe(404);
    }
    expect((await page("/moderation/rounds")).status).toBe(303);
  });
});

describe("granting and taking roles", () => {
  it("grants moderator by e-mail with a reason, lists the new moderator with their address, and logs it", async () => {
    const newcomer = await newPlayer("Nia Newcomer");
    const email = (await emailOf(newcomer))!;
    const granted = await post(
      "/admin",
      {
        intent: "grant",
        email: email.toUpperCase(),
        role: "moderator",
        reason: "Helps in the chat every day",
      },
      admin,
    );
    expect(granted.status).toBe(200);
    expect(await granted.text()).toContain("Nia Newcomer is now a moderator");
    expect(await roleOf(newcomer)).toBe("moderator");
    const listed = await (await page("/admin", admin)).text();
    expect(listed).toContain("Nia Newcomer");
    expect(listed).toContain(email);
    expect(await logEntries("grant_role", newcomer.userId)).toEqual([
      {
        moderator_id: admin.userId,
        target_type: "user",
        reason: "Helps in the chat every day",
        detail: JSON.stringify({ role: "moderator", from: "player" }),
      },
    ]);
    expect((await page("/moderation/rounds", newcomer)).status).toBe(200);

    const taken = await post(
      "/admin",
      {
        intent: "take",
        userId: String(newcomer.userId),
        reason: "Stepped down",
      },
      admin,
    );
    expect(taken.status).toBe(200);
    expect(await taken.text()).toContain(
      "Nia Newcomer is no longer a moderator",
    );
    expect(await roleOf(newcomer)).toBe("player");
    expect(await logEntries("take_role", newcomer.userId)).toMatchObject([
      { moderator_id: admin.userId, reason: "Stepped down" },
    ]);
    expect((await page("/moderation/rounds", newcomer)).status).toBe(404);
  });

  it("answers a mistake with a message: an unknown address, a bad address, no reason, a role already held", async () => {
    const cases: [Record<string, string>, number, string][] = [
      [
        {
          intent: "grant",
          email: "nobody-here@example.com",
          role: "moderator",
          reason: "Why not",
        },
        404,
        "No account uses that e-mail address",
      ],
      [
        {
          intent: "grant",
          email: "not-an-address",
          role: "moderator",
          reason: "Why not",
        },
        400,
        "Please enter valid email",
      ],
      [
        {
          intent: "grant",
          email: (await emailOf(player))!,
          role: "moderator",
          reason: "",
        },
        400,
        "Please say why, in a few words",
      ],
      [
        {
          intent: "grant",
          email: (await emailOf(player))!,
          role: "owner",
          reason: "Why not",
        },
        400,
        "Please choose a role",
      ],
      [
        {
          intent: "grant",
          email: (await emailOf(moderator))!,
          role: "moderator",
          reason: "Again",
        },
        409,
        "Mo Moderator is already a moderator",
      ],
      [
        { intent: "take", userId: String(player.userId), reason: "No role" },
        404,
        "That account has no role to take",
      ],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await post("/admin", fields, admin);
      expect(answer.status, message).toBe(status);
      expect(await answer.text()).toContain(message);
    }
    expect(await roleOf(player)).toBe("player");
  });

  it("keeps the last admin's role, and lets an admin step down once there is another", async () => {
    const boss = await newPlayer("Last Admin");
    await setRole(boss, "admin");
    await env.DB.prepare(
      "update users set role = 'player' where role = 'admin' and id <> ?",
    )
      .bind(boss.userId)
      .run();
    const own = {
      intent: "take",
      userId: String(boss.userId),
      reason: "Leaving",
    };
    const refused = await post("/admin", own, boss);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      "The last admin keeps the role: grant admin to someone else first",
    );
    expect(await roleOf(boss)).toBe("admin");

    await post(
      "/admin",
      {
        intent: "grant",
        email: (await emailOf(admin))!,
        role: "admin",
        reason: "Back on duty",
      },
      boss,
    );
    expect(await roleOf(admin)).toBe("admin");
    const stepped = await post("/admin", own, boss);
    expect(stepped.status).toBe(303);
    expect(stepped.headers.get("Location")).toBe("/");
    expect(await roleOf(boss)).toBe("player");
    expect((await page("/admin", boss)).status).toBe(404);
    expect(await logEntries("take_role", boss.userId)).toMatchObject([
      { moderator_id: boss.userId, detail: JSON.stringify({ role: "admin" }) },
    ]);
  });
});

describe("the audit log", () => {
  it("lists entries newest first, a page at a time, with who, what, target and why", async () => {
    const { moderationLog } = createServices(env);
    for (let i = 0; i < 35; i++)
      await moderationLog.record({
        moderatorId: moderator.userId,
        action: "dismiss",
        targetType: "report",
        targetId: 9000 + i,
        reason: `Paged reason ${i}`,
      });
    const first = await (await page("/admin/log", admin)).text();
    expect(first).toContain("Paged reason 34");
    expect(first).toContain("Mo Moderator");
    expect(first).toContain("report 9034");
    expect(first).not.toContain("Paged reason 4<");
    expect(first.indexOf("Paged reason 34")).toBeLessThan(
      first.indexOf("Paged reason 33"),
    );
    const older = /href="\/admin\/log\?before=(\d+)"/.exec(first);
    expect(older).not.toBeNull();
    const second = await (
      await page(`/admin/log?before=${older![1]}`, admin)
    ).text();
    expect(second).toContain("Paged reason 4<");
    expect(second).not.toContain("Paged reason 34");
    expect((await page("/admin/log?before=abc", admin)).status).toBe(404);
  });
});

describe("held rounds", () => {
  /** A real round of Memory Match, then held as the fair-play model holds one, with its note. */
  async function heldRound(who: Player, note: string) {
    const statsId = await scoredRound(who, await gameId("memory-match"), 2);
    await env.DB.prepare(
      "update scores set review = 'held', review_note = ? where stats_id = ?",
    )
      .bind(note, statsId)
      .run();
    return statsId;
  }

  const reviewOf = (statsId: number) =>
    env.DB.prepare("select review from scores where stats_id = ?")
      .bind(statsId)
      .first<string>("review");

  it("lists held rounds oldest first; release and remove need a reason and are logged", async () => {
    const kept = await heldRound(player, "Every pair found at the first try");
    const dropped = await heldRound(developer, "Inhumanly steady taps");
    const list = await (await page("/moderation/rounds", moderator)).text();
    expect(list).toContain("Pia Player");
    expect(list).toContain("Every pair found at the first try");
    expect(list.indexOf("Pia Player")).toBeLessThan(list.indexOf("Dev Dora"));

    const noReason = await post(
      "/moderation/rounds",
      { decision: "release", statsId: String(kept), reason: "" },
      moderator,
    );
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Please say why, in a few words");
    expect(await reviewOf(kept)).toBe("held");

    const released = await post(
      "/moderation/rounds",
      {
        decision: "release",
        statsId: String(kept),
        reason: "Watched it: a person",
      },
      moderator,
    );
    expect(released.status).toBe(200);
    expect(await released.text()).toContain(
      "The round is released to the boards",
    );
    expect(await reviewOf(kept)).toBe("released");
    expect(await logEntries("release_round", kept)).toMatchObject([
      {
        moderator_id: moderator.userId,
        target_type: "round",
        reason: "Watched it: a person",
      },
    ]);

    const removed = await post(
      "/moderation/rounds",
      {
        decision: "remove",
        statsId: String(dropped),
        reason: "A script played it",
      },
      admin,
    );
    expect(removed.status).toBe(200);
    expect(await reviewOf(dropped)).toBe("removed");
    // Each player is told what became of their round.
    const toldOf = (who: Player) =>
      env.DB.prepare(
        "select content from notifications where user_id = ? and type = 'moderation'",
      )
        .bind(who.userId)
        .all<{ content: string }>();
    expect((await toldOf(player)).results.map((row) => row.content)).toEqual([
      expect.stringMatching(
        /^A moderator checked your round of .+ and released it to the boards\.$/,
      ),
    ]);
    expect((await toldOf(developer)).results.map((row) => row.content)).toEqual(
      [
        expect.stringMatching(
          /^A moderator removed your round of .+ from the boards: A script played it$/,
        ),
      ],
    );
    expect(await logEntries("remove_round", dropped)).toMatchObject([
      { moderator_id: admin.userId, reason: "A script played it" },
    ]);

    // A second decision on the same round changes nothing and says why.
    const again = await post(
      "/moderation/rounds",
      { decision: "remove", statsId: String(kept), reason: "Changed my mind" },
      moderator,
    );
    expect(again.status).toBe(409);
    expect(await reviewOf(kept)).toBe("released");
    expect(await logEntries("remove_round", kept)).toHaveLength(0);
    expect(
      await (await page("/moderation/rounds", moderator)).text(),
    ).toContain("No held rounds");
  });
});
