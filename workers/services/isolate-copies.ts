/**
 * Reads an isolate keeps for a while, by key (ADR 021): what every visitor sees the same way, such as the catalogue
 * and a game's board. Concurrent callers share one pending read; a failed read is not kept, so the next caller tries
 * again; past `maxKeys` keys the isolate starts afresh.
 */
export class IsolateCopies<K, V> {
  private readonly copies = new Map<
    K,
    { value: Promise<V>; expires: number }
  >();

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys: number,
  ) {}

  /** The kept copy of `key` while it is fresh, else `read()`'s, kept from now. */
  get(key: K, read: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const kept = this.copies.get(key);
    if (kept && kept.expires > now) return kept.value;
    if (this.copies.size >= this.maxKeys) this.copies.clear();
    const copy = { value: read(), expires: now + this.ttlMs };
    this.copies.set(key, copy);
    copy.value.catch(() => {
      if (this.copies.get(key) === copy) this.copies.delete(key);
    });
    return copy.value;
  }

  /** The next caller for `key` (or, without one, for every key) reads afresh. */
  forget(key?: K): void {
    if (key === undefined) this.copies.clear();
    else this.copies.delete(key);
  }
}
