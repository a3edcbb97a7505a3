/**
 * What services tell or ask the players' UserHub objects. workers/context.ts wires it to the Durable Objects; the
 * services that change who may chat or what a hub caches receive it, so the side effect belongs to the use case and
 * not to whichever door (JSON API or page action) called it.
 */
export interface UserHubs {
  /** Each hub keeps what it read about a chat partner for a minute: a follow, unfollow, block or unblock counts now. */
  chatChanged(a: number, b: number): Promise<void>;
  /** The user's hub keeps their name for the chat messages they send: a new name shows on the next one. */
  nameChanged(userId: number): Promise<void>;
  /** Which of these users have a socket open right now. */
  onlineAmong(ids: number[]): Promise<Set<number>>;
}
