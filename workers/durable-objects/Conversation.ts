import { DurableObject } from "cloudflare:workers";

/**
 * One per pair of users (SPEC.md §3 Chat message). The binding exists from the skeleton on; history,
 * typing and delivery status arrive with the social issue.
 */
export class Conversation extends DurableObject<Env> {}
