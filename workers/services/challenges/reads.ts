import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { ChallengeView } from "#contract/coins";
import type { Db } from "../../db/client";
import { challenges } from "../../db/schema";
import { selectViews, toView } from "./shared";

/** Friends the caller has an open challenge with on a game: the result screen shows them as 'Challenged'. */
export async function openTargets(
  db: Db,
  callerId: number,
  gameId: number,
): Promise<number[]> {
  const rows = await db
    .select({ to: challenges.toUserId })
    .from(challenges)
    .where(
      and(
        eq(challenges.fromUserId, callerId),
        eq(challenges.gameId, gameId),
        inArray(challenges.status, ["pending", "accepted"]),
      ),
    );
  return rows.map((row) => row.to);
}

/** GET /api/challenge/all: the caller's challenges, sent and received, newest first. */
export async function allChallenges(
  db: Db,
  callerId: number,
  now = Date.now(),
): Promise<ChallengeView[]> {
  // A read moves no money (the page's loader and a prefetch call it): the cron trigger and the writes that touch
  // a challenge expire it; until then a challenge past its time shows as expired (`shownStatus`).
  const rows = await selectViews(db)
    .where(
      or(
        eq(challenges.fromUserId, callerId),
        eq(challenges.toUserId, callerId),
      ),
    )
    .orderBy(desc(challenges.id))
    .limit(100);
  return rows.map((row) => shownStatus(toView(row), now));
}

/** A challenge past its time that the cron has not expired yet is expired to whoever reads the list. */
function shownStatus(challenge: ChallengeView, now: number): ChallengeView {
  const open =
    challenge.status === "pending" || challenge.status === "accepted";
  return open && Date.parse(challenge.expires_dt) <= now
    ? { ...challenge, status: "expired" }
    : challenge;
}
