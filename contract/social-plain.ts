// The part of `social.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).
import type { Friend } from "./types";

/** How many people a page of Find People holds. */
export const FIND_PAGE_SIZE = 20;

export interface FindAnswer {
  people: Friend[];
  page: number;
  has_more: boolean;
}

/** GET /api/social/blocked/people: someone the caller blocked, by name, with when. */
export interface BlockedPerson {
  _id: number;
  name: string;
  profile_img: string | null;
  blocked_dt: string;
}

/** An invite code (users.invite_code): what /invite/{code} and /registration?invite= carry. */
export const INVITE_CODE_PATTERN = /^[a-z0-9]{6,24}$/;

/** The public invite page of a code: who invites, and the way to sign up with the code (ADR 017). */
export const invitePath = (code: string) => `/invite/${code}`;

/** What GET /api/social/invite answers: the caller's invite code and the public invite page carrying it. */
export interface InviteAnswer {
  code: string;
  url: string;
}
