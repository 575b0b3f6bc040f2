import { describe, expect, it } from "vitest";
import { checkPackage } from "../src/package";
import { looksRandom, scanSecrets } from "../src/secrets";
import { lookAlikes, realLooking } from "./fixtures/secrets";

describe("scanSecrets: real-looking credentials are found", () => {
  it.each(realLooking.map(([kind, secret, line]) => [kind, secret, line] as const))("%s", (kind, secret, line) => {
    const content = `-- config\n\n${line(secret)}\n`;
    const hits = scanSecrets(content);
    expect(hits.map((h) => h.kind)).toEqual([kind]);
    const before = line(secret).slice(0, line(secret).indexOf(secret)).split("\n");
    expect(hits[0]).toMatchObject({ line: 2 + before.length, column: before.at(-1)!.length + 1 });
  });
});

describe("scanSecrets: look-alikes and placeholders are not", () => {
  it.each(lookAlikes.map((line) => [line] as const))("%s", (line) => {
    expect(scanSecrets(`${line}\n`)).toEqual([]);
  });

  it("tells key material from typed patterns", () => {
    expect(looksRandom("aaaaaaaaaaaaaaaaaaaaaaaa")).toBe(false);
    expect(looksRandom("abcdefghijklmnopqrstuvwx")).toBe(false);
    expect(looksRandom("YOUR_KEY_GOES_HERE_12345")).toBe(false);
    expect(looksRandom("q8Rz2LmX0vB7tYw4PcK9sN1e")).toBe(true);
  });
});

describe("scanSecrets: bounded", () => {
  it("reports at most 20 hits per file", () => {
    const secret = realLooking[0]![1];
    expect(scanSecrets(`${secret}\n`.repeat(50))).toHaveLength(20);
  });

  it("scans a large hostile line in linear time (no catastrophic backtracking)", () => {
    const hostile = `sk-proj-${"a-".repeat(60_000)} ${"AIza".repeat(20_000)} aws_secret_key = ${"/".repeat(50_000)}`;
    const started = performance.now();
    scanSecrets(hostile);
    // Not a timing assertion of the product: a generous ceiling that only a backtracking pattern would break.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("checkPackage refuses a package with a secret, naming the file, line and kind, never the secret", () => {
  it("reports each secret as a problem at its place", () => {
    const [kind, secret, line] = realLooking.find(([k]) => k === "GitHub token")!;
    const result = checkPackage([
      { path: "plugin.json", content: JSON.stringify({ id: "leaky", name: "Leaky", version: "1.0.0", permissions: ["network"] }) },
      { path: "main.lua", content: `local a = 1\n${line(secret)}\n` },
      { path: "notes/setup.md", content: `Use ${realLooking[7]![1]} for payments.\n` },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.path)).toEqual([`main.lua:2:${line(secret).indexOf(secret) + 1}`, "notes/setup.md:1:5"]);
    expect(result.problems[0]!.message).toContain(`looks like a ${kind}`);
    expect(result.problems[1]!.message).toContain("looks like a Stripe live secret key");
    expect(JSON.stringify(result.problems)).not.toContain(secret);
    expect(JSON.stringify(result.problems)).not.toContain(realLooking[7]![1]);
  });
});
