import { describe, expect, it } from "vitest";
import { BoundedStore } from "../../src/rest/bounded-store";
import { MarketplaceVersion } from "../../src/shared/marketplace-version";

describe("BoundedStore", () => {
  it("keeps at most maxEntries, the least recently used leaving first", () => {
    const store = new BoundedStore<string>({ maxEntries: 3, maxBytes: 1_000 });
    for (const key of ["a", "b", "c"]) store.set(key, key, 10, 0);
    expect(store.get("a", 0)).toBe("a"); // a is now the most recently used
    store.set("d", "d", 10, 0);
    expect(store.size).toBe(3);
    expect(store.get("b", 0)).toBeUndefined();
    expect(["a", "c", "d"].map((key) => store.get(key, 0))).toEqual(["a", "c", "d"]);
  });

  it("keeps at most maxBytes, evicting until a new value fits, and never a value larger than the budget", () => {
    const store = new BoundedStore<string>({ maxEntries: 100, maxBytes: 100 });
    for (let i = 0; i < 10; i++) store.set(`k${i}`, "v", 30, 0);
    expect(store.bytes).toBeLessThanOrEqual(100);
    expect(store.size).toBe(3);
    expect(store.get("k9", 0)).toBe("v");
    store.set("huge", "v", 101, 0);
    expect(store.get("huge", 0)).toBeUndefined();
    expect(store.bytes).toBeLessThanOrEqual(100);
    // Replacing a key counts its bytes once.
    store.set("k9", "w", 50, 0);
    expect(store.bytes).toBeLessThanOrEqual(100);
    expect(store.get("k9", 0)).toBe("w");
  });

  it("stays bounded under a flood of distinct keys", () => {
    const store = new BoundedStore<string>({ maxEntries: 50, maxBytes: 10_000 });
    for (let i = 0; i < 100_000; i++) store.set(`/plugins?q=${i}`, "x".repeat(100), 100, 0);
    expect(store.size).toBeLessThanOrEqual(50);
    expect(store.bytes).toBeLessThanOrEqual(10_000);
  });

  it("forgets entries once they are ttlMs old, and their bytes with them", () => {
    const store = new BoundedStore<string>({ maxEntries: 10, maxBytes: 1_000, ttlMs: 30_000 });
    store.set("a", "a", 10, 1_000);
    expect(store.get("a", 30_999)).toBe("a");
    expect(store.get("a", 31_000)).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });
});

describe("MarketplaceVersion", () => {
  /** A reader whose reads the test finishes by hand. */
  function manualReader() {
    const pending: ((value: string) => void)[] = [];
    let reads = 0;
    const version = new MarketplaceVersion(
      () =>
        new Promise<string>((resolve) => {
          reads++;
          pending.push(resolve);
        }),
    );
    return { version, pending, reads: () => reads };
  }
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  it("requests arriving during a read share the next read, never the one already under way", async () => {
    const { version, pending, reads } = manualReader();
    const first = version.current();
    expect(reads()).toBe(1);
    const waiting = [version.current(), version.current(), version.current()];
    expect(reads()).toBe(1);
    pending.shift()!("1");
    expect(await first).toBe("1");
    await flush();
    expect(reads()).toBe(2);
    pending.shift()!("2");
    expect(await Promise.all(waiting)).toEqual(["2", "2", "2"]);
    // Idle again: the next request starts its own read.
    const later = version.current();
    expect(reads()).toBe(3);
    pending.shift()!("3");
    expect(await later).toBe("3");
  });

  it("a failed read fails its requests, and the next request reads again", async () => {
    let fail = true;
    const version = new MarketplaceVersion(async () => {
      if (fail) throw new Error("database down");
      return "7";
    });
    await expect(version.current()).rejects.toThrow("database down");
    fail = false;
    expect(await version.current()).toBe("7");
  });
});
