/**
 * Lists in a simulation that inputs can grow (particles, popups, trails) stay bounded, so replaying any log costs
 * bounded work per step (ADR 014): a cap on what is added, and dead items removed in one pass.
 */

/** Keeps the items `alive` accepts, in order, in place: one pass, however many die (no splice in a loop). */
export function compact<T>(list: T[], alive: (item: T) => boolean): void {
  let kept = 0;
  for (const item of list) if (alive(item)) list[kept++] = item;
  list.length = kept;
}

/** How many of `count` new items fit under `cap`. */
export const room = (list: readonly unknown[], count: number, cap: number) =>
  Math.max(0, Math.min(count, cap - list.length));

/** Adds `item` unless the list is full: the newest cosmetic item is the one that waits, so nothing else moves. */
export function pushCapped<T>(list: T[], item: T, cap: number): void {
  if (list.length < cap) list.push(item);
}
