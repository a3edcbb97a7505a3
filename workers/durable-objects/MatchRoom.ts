import { DurableObject } from "cloudflare:workers";

/**
 * One per matchmaking room (SPEC.md §4 Matchmaking). The binding and its SQLite storage exist from the
 * skeleton on so deployments never need a class migration; participants, the 10 s alarm and the
 * bot fallback arrive with the multiplayer issue.
 */
export class MatchRoom extends DurableObject<Env> {}
