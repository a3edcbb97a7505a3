// The part of `ids.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).

/** Row ids are positive integers of at most 15 digits, so every one is a safe integer. */
export const ID_DIGITS = /^[1-9]\d{0,14}$/;

/** An optional id in a query string (`?challengeId=`, `?chat=`): the id, or null when it is missing or not one. */
export const idOrNull = (value: string | null | undefined): number | null =>
  value && value.length <= 15 && ID_DIGITS.test(value) ? Number(value) : null;
