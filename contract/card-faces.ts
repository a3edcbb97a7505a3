import { z } from "zod";
import { boundedString } from "./input";

/**
 * POST /api/gamestats/{id}/reveal and POST /api/visitor-rounds/{id}/reveal: a card of a game that hides its faces
 * (Memory Match) turned in the browser. `turn` counts the round's turns from 0, so a request sent twice is answered
 * twice with the same face and recorded once (ADR 014, "Hidden information").
 */
const count = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} is out of range`);

export const RevealCardSchema = z.object({
  turn: count("turn", 10_000),
  level: count("level", 1_000).min(1, "level starts at 1"),
  card: count("card", 63),
});

export type RevealCardRequest = z.infer<typeof RevealCardSchema>;

/** A visitor's round proves it is theirs with its claim token. */
export const RevealVisitorCardSchema = RevealCardSchema.extend({
  token: boundedString(43, "token is not this round's").regex(
    /^[A-Za-z0-9_-]{43}$/,
    "token is not this round's",
  ),
});

/** The face of the turned card: the index of its pair on this level's board. */
export interface RevealedCard {
  face: number;
}

export const REVEAL_MESSAGES = {
  notHidden: "This game has no hidden cards to reveal",
  closed: "This play session is over; start a new game",
} as const;
