import { describe, expect, it } from "vitest";
import { boundedCache } from "../../src/shared/bounded-cache";
import { DatabaseVersion } from "../../src/shared/database-version";

describe("boundedCache (lru-cache within the store's limits)", () => {
  it("keeps at most maxEntries, the least recently used leaving first", () => {
    const store = boundedCache<string>({ maxEntries: 3, maxBytes: 1_000 });
    for (const key of ["a", "b", "c"]) store.set(key, key, { size: 10 });
    expect(store.get("a")).toBe("a"); // a is now the most recently used
    store.set("d", "d", { size: 10 });
    expect(store.size).toBe(3);
    expect(store.get("b")).toBeUndefined();
    expect(["a", "c", "d"].map((key) => store.get(key))).toEqual(["a", "c", "d"]);
  });

  it("keeps at most maxBytes, evicting until a new value fits, and never a value larger than the budget", () => {
    const store = boundedCache<string>({ maxEntries: 100, maxBytes: 100 });
    for (let i = 0; i < 10; i++) store.set(`k${i}`, "v", { size: 30 });
    expect(store.calculatedSize).toBeLessThanOrEqual(100);
    expect(store.size).toBe(3);
    expect(store.get("k9")).toBe("v");
    store.set("huge", "v", { size: 101 });
    expect(store.get("huge")).toBeUndefined();
    expect(store.calculatedSize).toBeLessThanOrEqual(100);
    // Replacing a key counts its bytes once.
    store.set("k9", "w", { size: 50 });
    expect(store.calculatedSize).toBeLessThanOrEqual(100);
    expect(store.get("k9")).toBe("w");
  });

  it("stays bounded under a flood of distinct keys", () => {
    const store = boundedCache<string>({ maxEntries: 50, maxBytes: 10_000 });
    for (let i = 0; i < 100_000; i++) store.set(`/plugins?q=${i}`, "x".repeat(100), { size: 100 });
    expect(store.size).toBeLessThanOrEqual(50);
    expect(store.calculatedSize).toBeLessThanOrEqual(10_000);
  });

  it("forgets entries once they are ttlMs old, and their bytes with them", () => {
    let now = 1_000;
    const store = boundedCache<string>({ maxEntries: 10, maxBytes: 1_000, ttlMs: 30_000 }, () => now);
    store.set("a", "a", { size: 10 });
    now = 30_999;
    expect(store.get("a")).toBe("a");
    now = 31_000;
    expect(store.get("a")).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.calculatedSize).toBe(0);
  });
});

describe("DatabaseVersion", () => {
  /** A reader whose reads the test finishes by hand. */
  function manualReader() {
    const pending: ((value: string) => void)[] = [];
    let reads = 0;
    const version = new DatabaseVersion(
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
    const version = new DatabaseVersion(async () => {
      if (fail) throw new Error("database down");
      return "7";
    });
    await expect(version.current()).rejects.toThrow("database down");
    fail = false;
    expect(await version.current()).toBe("7");
  });
});
