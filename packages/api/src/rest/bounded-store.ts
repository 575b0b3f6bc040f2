/**
 * A least-recently-used map bounded by count and by bytes, whose entries may
 * also expire: what the REST core keeps in memory (rest/memo.ts) can never
 * outgrow its limits, whatever URLs it is asked for. A Map keeps insertion
 * order, so re-inserting on every hit makes its first key the least recently
 * used one.
 */
export interface StoreLimits {
  maxEntries: number;
  maxBytes: number;
  /** Entries older than this are gone (no expiry when absent). */
  ttlMs?: number;
}

interface Slot<V> {
  value: V;
  bytes: number;
  storedAt: number;
}

export class BoundedStore<V> {
  private readonly slots = new Map<string, Slot<V>>();
  private used = 0;

  constructor(private readonly limits: StoreLimits) {}

  get size(): number {
    return this.slots.size;
  }

  /** Bytes held now (the sizes given to set). */
  get bytes(): number {
    return this.used;
  }

  get(key: string, now: number): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    this.slots.delete(key);
    if (this.limits.ttlMs !== undefined && now - slot.storedAt >= this.limits.ttlMs) {
      this.used -= slot.bytes;
      return undefined;
    }
    this.slots.set(key, slot);
    return slot.value;
  }

  /** Keeps `value` (of about `bytes`), evicting the least recently used entries until it fits; a value larger than the whole budget is not kept. */
  set(key: string, value: V, bytes: number, now: number): void {
    this.delete(key);
    if (bytes > this.limits.maxBytes || this.limits.maxEntries < 1) return;
    while (this.slots.size >= this.limits.maxEntries || this.used + bytes > this.limits.maxBytes) {
      this.delete(this.slots.keys().next().value!);
    }
    this.slots.set(key, { value, bytes, storedAt: now });
    this.used += bytes;
  }

  delete(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    this.used -= slot.bytes;
  }
}
