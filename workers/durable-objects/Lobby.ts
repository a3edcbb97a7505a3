import { DurableObject } from "cloudflare:workers";
import {
  MATCHMAKING_WAIT_MS,
  type JoinAnswer,
  type Participant,
} from "#contract/protocol";
import { LOBBY_HEARD_MS, type UserServerEvent } from "#contract/user-socket";
import { hubOf, roomOf } from "./hubs";
import { lobbyShard, type Joiner } from "./lobby-shards";

/**
 * SPEC.md §4 Matchmaking: the first player to join waits up to 10 s (an alarm); the next one is paired with them in a
 * fresh MatchRoom with one seed. Nobody in time: the waiting player is told, and the browser asks for a bot that
 * replays a real player's recorded run (GET /api/player-move/{gameId}).
 *
 * A game's lobby is one object (`lobby:{gameId}`, the root) until it gets more joins than one object should take; the
 * root then widens the game to a few shards (`lobby:{gameId}:{n}`, workers/durable-objects/lobby-shards.ts, ADR 025).
 * Each shard pairs its own joins in arrival order. A shard's player not paired within HANDOFF_MS is handed to the
 * root, which pairs them with its own waiting player (the one who joined first goes first) or keeps them waiting
 * there until their 10 s are up; so two players waiting on different shards meet within a second.
 *
 * The joining player learns where they stand from the join answer only; a waiting player, who has no request open,
 * from events pushed through their UserHub (ADR 007). A join claims the waiting player before it awaits anything
 * (the check that they are still there, the room, the pushes), so a waiting player is claimed exactly once while
 * other joins go on meanwhile.
 */

interface Waiting {
  roomId: string;
  gameId: number;
  /** The shard holding the wait; 0 is the root. */
  shard: number;
  participant: Participant;
  /** When the player joined: who goes first when two waits meet at the root. */
  since: number;
  expiresAt: number;
}

/** What the root tells the Worker with each answer: how many shards the game's joins spread over now. */
export interface LobbyAnswer {
  answer: JoinAnswer;
  width: number | null;
}

const WAITING_KEY = "waiting";
/** A shard's player not paired in this time goes to the root (where waits of all shards meet). */
const HANDOFF_MS = 1_000;
/**
 * Joins per second one shard is given before the game widens, unless LOBBY_JOINS_PER_SHARD says otherwise: a fifth of
 * the ~1,000 requests a second a Durable Object is documented to take, since a join costs the lobby 3–4 calls (ADR 025).
 */
export const JOINS_PER_SHARD = 200;
/** The most shards a game can use, unless LOBBY_SHARDS says otherwise (1 turns sharding off). */
const DEFAULT_MAX_SHARDS = 8;
/** A game narrows only once its joins have stayed below its width this long. */
const NARROW_AFTER_MS = 30_000;

/** How many shards a game with this many joins per second needs. */
export const widthFor = (
  joinsPerSecond: number,
  maxShards: number,
  perShard = JOINS_PER_SHARD,
) => Math.min(maxShards, Math.max(1, Math.ceil(joinsPerSecond / perShard)));

const waitingAnswer = (waiting: Waiting): JoinAnswer => ({
  status: "waiting",
  roomId: waiting.roomId,
  gameId: waiting.gameId,
  participants: [waiting.participant],
  expiresAt: waiting.expiresAt,
});

const joinerOf = ({ room_id: _room, ...joiner }: Participant): Joiner => joiner;

export class Lobby extends DurableObject<Env> {
  private waiting: Waiting | null = null;
  /** The root's count of joins per second, and the width it gives the game. */
  private readonly layout = {
    width: 1,
    second: 0,
    count: 0,
    lastCount: 0,
    busyAt: 0,
  };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      const stored = await ctx.storage.get<Waiting>(WAITING_KEY);
      // A wait kept before shards existed is a root's wait.
      this.waiting = stored
        ? {
            ...stored,
            shard: stored.shard ?? 0,
            since: stored.since ?? stored.expiresAt - MATCHMAKING_WAIT_MS,
          }
        : null;
    });
  }

  async join(gameId: number, joiner: Joiner, shard = 0): Promise<LobbyAnswer> {
    const width = shard === 0 ? this.countJoin() : null;
    for (;;) {
      const now = Date.now();
      const waiting = this.waiting;
      if (!waiting || waiting.expiresAt <= now) {
        const roomId = crypto.randomUUID();
        const fresh: Waiting = {
          roomId,
          gameId,
          shard,
          participant: { ...joiner, room_id: roomId },
          since: now,
          expiresAt: now + MATCHMAKING_WAIT_MS,
        };
        this.hold(fresh);
        if (waiting) await this.timeOut(waiting);
        return { answer: waitingAnswer(fresh), width };
      }
      // The same player again (a second tab, a reload): still the same wait.
      if (waiting.participant.user_id === joiner.user_id)
        return { answer: waitingAnswer(waiting), width };
      // Claimed for this joiner before anything is awaited, so no other join can take them meanwhile.
      this.release();
      if (await this.stillThere(waiting))
        return { answer: await this.pair(waiting, joiner, false), width };
      // They closed the tab while waiting and cannot hear of a match: not someone to pair with. Look again.
      await this.timeOut(waiting);
    }
  }

  /**
   * A shard's waiting player, handed to the root after HANDOFF_MS: paired with the root's waiting player, the earlier
   * of the two first, or kept waiting here until their 10 s are up.
   */
  async adopt(handed: Waiting): Promise<void> {
    if (handed.expiresAt <= Date.now() || !(await this.stillThere(handed)))
      return this.timeOut(handed);
    for (;;) {
      const mine = this.waiting;
      if (!mine || mine.expiresAt <= Date.now()) {
        this.hold({ ...handed, shard: 0 });
        if (mine) await this.timeOut(mine);
        return;
      }
      // The same player waiting here already (another tab): one wait; both tabs hear of its match by game.
      if (mine.participant.user_id === handed.participant.user_id) return;
      this.release();
      if (await this.stillThere(mine)) {
        const [first, second] =
          mine.since <= handed.since ? [mine, handed] : [handed, mine];
        await this.pair(first, joinerOf(second.participant), true);
        return;
      }
      await this.timeOut(mine);
    }
  }
  /**
   * The waiting player's user socket, the only way they can learn of a match, is open and was heard from in the last
   * LOBBY_HEARD_MS (the waiting page pings every second), or they joined in that time: the join is the page's own
   * sign of life, sent with its socket open, before its first ping is due. A closed tab or a phone that lost its
   * signal is not paired.
   */
  private async stillThere(waiting: Waiting): Promise<boolean> {
    return hubOf(this.env, waiting.participant.user_id)
      .heardWithin(LOBBY_HEARD_MS, Date.now() - waiting.since)
      .catch(() => false);
  }

  /**
   * The room is set up before anyone hears of it, so either player's room socket finds it. The first player waited,
   * so they hear of it through their hub; the second too when they were waiting (a hand-over), else from the answer.
   */
  private async pair(
    first: Waiting,
    second: Joiner,
    secondWaited: boolean,
  ): Promise<JoinAnswer> {
    const { roomId, gameId } = first;
    const participants = [first.participant, { ...second, room_id: roomId }];
    const seed = crypto.getRandomValues(new Uint32Array(1))[0];
    await roomOf(this.env, roomId).start({
      roomId,
      gameId,
      seed,
      participants,
    });
    const tell = async (userId: number, opponent: Participant) => {
      await this.pushTo(userId, {
        event: "user_joined",
        data: { roomId, gameId, participant: opponent },
      });
      await this.pushTo(userId, {
        event: "request_gameplay",
        data: { roomId, gameId, seed, participants },
      });
    };
    await Promise.all([
      tell(first.participant.user_id, participants[1]),
      secondWaited ? tell(second.user_id, participants[0]) : null,
    ]);
    return { status: "matched", roomId, gameId, participants, seed };
  }

  /** The player stops waiting (Quit on the waiting screen). The root answers how many shards the game has now. */
  leaveLobby(userId: number): number {
    if (this.waiting?.participant.user_id === userId) this.release();
    return this.layout.width;
  }

  /** The only alarm a lobby sets: its waiting player has waited 10 s, or (on a shard) HANDOFF_MS. */
  async alarm(): Promise<void> {
    const waiting = this.waiting;
    if (!waiting) return;
    this.release();
    if (waiting.shard === 0 || waiting.expiresAt <= Date.now())
      return this.timeOut(waiting);
    // The root is the only place a shard's late player can still meet the others; failing that, the bot.
    await lobbyShard(this.env, waiting.gameId, 0)
      .adopt(waiting)
      .catch(() => this.timeOut(waiting));
  }

  /** For tests: the player waiting, if any. */
  waitingPlayer(): Waiting | null {
    return this.waiting;
  }

  /** For tests: as if `ms` had passed since the waiting player joined. */
  age(ms: number): void {
    if (this.waiting)
      this.waiting = {
        ...this.waiting,
        since: this.waiting.since - ms,
        expiresAt: this.waiting.expiresAt - ms,
      };
  }

  /** The root counts the game's joins per second (it sees one in `width` of them) and widens or narrows the game. */
  private countJoin(): number {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    const layout = this.layout;
    if (second !== layout.second) {
      layout.lastCount = second === layout.second + 1 ? layout.count : 0;
      layout.second = second;
      layout.count = 0;
    }
    layout.count++;
    const needed = widthFor(
      Math.max(layout.count, layout.lastCount) * layout.width,
      this.setting("LOBBY_SHARDS", DEFAULT_MAX_SHARDS),
      this.setting("LOBBY_JOINS_PER_SHARD", JOINS_PER_SHARD),
    );
    if (needed >= layout.width) layout.busyAt = now;
    if (
      needed > layout.width ||
      (needed < layout.width && now - layout.busyAt >= NARROW_AFTER_MS)
    )
      layout.width = needed;
    return layout.width;
  }

  /** A whole number from 1 to 10,000 set in the Worker's vars (wrangler.toml; the bench sets both), or the default. */
  private setting(
    name: "LOBBY_SHARDS" | "LOBBY_JOINS_PER_SHARD",
    fallback: number,
  ): number {
    const value = Number(this.env[name] || fallback);
    return Number.isInteger(value) && value >= 1 && value <= 10_000
      ? value
      : fallback;
  }

  /**
   * The memory copy is the truth and changes at once; storage follows in order (the runtime holds this object's
   * answers until it is written), so nothing is awaited between reading the wait and claiming it.
   */
  private hold(waiting: Waiting) {
    this.waiting = waiting;
    void this.ctx.storage.put(WAITING_KEY, waiting);
    void this.ctx.storage.setAlarm(
      waiting.shard === 0
        ? waiting.expiresAt
        : Math.min(waiting.expiresAt, waiting.since + HANDOFF_MS),
    );
  }

  private release() {
    this.waiting = null;
    void this.ctx.storage.delete(WAITING_KEY);
    void this.ctx.storage.deleteAlarm();
  }

  private async timeOut(waiting: Waiting) {
    await this.pushTo(waiting.participant.user_id, {
      event: "room_timeout",
      data: { roomId: waiting.roomId, gameId: waiting.gameId },
    });
  }

  private async pushTo(userId: number, event: UserServerEvent) {
    await hubOf(this.env, userId).push(event);
  }
}
