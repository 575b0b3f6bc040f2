/**
 * /admin/releases through /api/trpc, as the website calls it: staff only,
 * the operator CLI's list, publish and withdraw through the same service
 * (what one does the other sees, and the updater at once), and the refusals
 * the page shows in words — not SemVer, a version already on the platform,
 * a url that is not http(s), nothing to withdraw.
 */
import type { PublishRelease } from "@streamkit/api-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMinimums } from "../../../src/updater/minimums";
import { listReleases, publishRelease } from "../../../src/updater/releases";
import { createTestApp, type TestApp } from "../../support/app";
import { bearer, insertAccount, insertKey } from "../../support/factories";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate, trpcQuery } from "../../support/trpc";

let app: TestApp;
let operator: string;
let member: string;

beforeAll(async () => {
  app = await createTestApp();
  operator = await sessionCookie(app, (await insertAccount(app.deps.db, { name: "Olive Operator", staff: true })).id);
  member = await sessionCookie(app, (await insertAccount(app.deps.db, { name: "Mia Member", plan: "ultimate" })).id);
});
afterAll(() => app.close());

const release = (version: string, extra: Record<string, unknown> = {}) => ({
  version,
  target: "windows",
  arch: "x86_64",
  url: `https://downloads.streamkit.example/${version}/Streamkit_${version}_x64-setup.exe`,
  signature: `signature of ${version}`,
  notes: `What is new in ${version}.`,
  ...extra,
});
const list = async (cookie = operator) => readTrpc(await trpcQuery(app, "admin.releases.list", undefined, { cookie }));
const publish = async (input: unknown, cookie = operator) => readTrpc(await trpcMutate(app, "admin.releases.publish", input, { cookie }));
const withdraw = async (input: unknown, cookie = operator) => readTrpc(await trpcMutate(app, "admin.releases.withdraw", input, { cookie }));
const offered = async (path: string) => {
  const response = await app.raw(`/api/app/update/${path}`);
  return response.status === 200 ? ((await response.json()) as { version: string }).version : null;
};

describe("only operators reach the releases procedures", () => {
  const calls: [string, "query" | "mutation", unknown][] = [
    ["admin.releases.list", "query", undefined],
    ["admin.releases.publish", "mutation", release("9.0.0")],
    ["admin.releases.withdraw", "mutation", { version: "9.0.0", target: "windows", arch: "x86_64", rollback: true }],
    ["admin.releases.minimums", "query", undefined],
    ["admin.releases.change", "mutation", { version: "9.0.0", target: "windows", arch: "x86_64", channel: "beta" }],
    ["admin.releases.setMinimum", "mutation", { target: "windows", arch: "x86_64", channel: "stable", version: "9.0.0" }],
  ];
  const call = (procedure: string, kind: "query" | "mutation", input: unknown, headers: Record<string, string>) =>
    kind === "query" ? trpcQuery(app, procedure, input, headers) : trpcMutate(app, procedure, input, headers);

  it.each(calls)("%s: 401 signed out, 403 for a member and a suspended operator, never an API key", async (procedure, kind, input) => {
    expect((await readTrpc(await call(procedure, kind, input, {}))).error?.code).toBe("unauthorized");
    const refused = await readTrpc(await call(procedure, kind, input, { cookie: member }));
    expect(refused.status).toBe(403);
    expect(refused.error).toEqual({ code: "forbidden", message: "Only the service's operators can do this." });
    const suspended = await insertAccount(app.deps.db, { staff: true, suspended: true });
    const disabled = await readTrpc(await call(procedure, kind, input, { cookie: await sessionCookie(app, suspended.id) }));
    expect(disabled.error?.code).toBe("account_disabled");
    const { key } = await insertKey(app.deps.db, (await insertAccount(app.deps.db, { staff: true })).id);
    expect((await call(procedure, kind, input, bearer(key))).status).toBe(401);
    expect(await listReleases(app.deps.db)).toEqual([]);
    expect(await listMinimums(app.deps.db)).toEqual([]);
  });

  it("is not published under /api/v1", async () => {
    expect((await app.request("/admin/releases")).status).toBe(404);
  });
});

describe("publishing, listing and withdrawing", () => {
  it("publishes a release the updater offers at once, and lists it with what the CLI published", async () => {
    const published = await publish(release("2.0.0", { rollout: 40, pubDate: "2026-11-24T08:00:00Z" }));
    expect(published.status).toBe(200);
    expect(published.data).toEqual({
      id: expect.any(String),
      version: "2.0.0",
      target: "windows",
      arch: "x86_64",
      url: "https://downloads.streamkit.example/2.0.0/Streamkit_2.0.0_x64-setup.exe",
      signature: "signature of 2.0.0",
      notes: "What is new in 2.0.0.",
      pubDate: "2026-11-24T08:00:00.000Z",
      rollout: 40,
      channel: "stable",
      withdrawnAt: null,
      rollback: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      revision: 1,
      updatedAt: published.data.createdAt,
      updatedBy: { id: expect.any(String), name: "Olive Operator" },
    });
    // 40 %: not offered to an app without an installation id; a full release is.
    expect(await offered("windows/x86_64/1.0.0")).toBeNull();
    expect((await publish(release("1.9.0"))).status).toBe(200);
    expect(await offered("windows/x86_64/1.0.0")).toBe("1.9.0");

    // The operator CLI's service and the page's procedure share one table.
    await publishRelease(
      app.deps.db,
      release("1.9.0", { target: "linux", url: "https://downloads.streamkit.example/1.9.0/Streamkit_1.9.0_amd64.AppImage" }) as PublishRelease,
    );
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(listed.data.map((r: { target: string; version: string; rollout: number }) => `${r.target} ${r.version} ${r.rollout}`)).toEqual([
      "linux 1.9.0 100",
      "windows 1.9.0 100",
      "windows 2.0.0 40",
    ]);
  });

  it("withdraws one version on one platform: listed as withdrawn, no longer offered, and not twice", async () => {
    const withdrawn = await withdraw({ version: "1.9.0", target: "windows", arch: "x86_64" });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.data).toEqual([expect.objectContaining({ version: "1.9.0", target: "windows", withdrawnAt: expect.any(String) })]);
    expect(await offered("windows/x86_64/1.0.0")).toBeNull();
    expect(await offered("linux/x86_64/1.0.0")).toBe("1.9.0");
    const windows = (await list()).data.find((r: { target: string; version: string }) => r.target === "windows" && r.version === "1.9.0");
    expect(windows.withdrawnAt).toEqual(withdrawn.data[0].withdrawnAt);

    const again = await withdraw({ version: "1.9.0", target: "windows", arch: "x86_64" });
    expect(again.status).toBe(404);
    expect(again.error).toEqual({ code: "not_found", message: "No published, not withdrawn release 1.9.0 for windows/x86_64." });
    const never = await withdraw({ version: "7.0.0", target: "darwin", arch: "aarch64" });
    expect(never.error?.code).toBe("not_found");
  });
});

describe("refusals, in words", () => {
  it("refuses a version published twice on a platform (build metadata aside) with 409 version_exists", async () => {
    const twice = await publish(release("2.0.0+build.9"));
    expect(twice.status).toBe(409);
    expect(twice.error).toEqual({ code: "version_exists", message: "Version 2.0.0+build.9 for windows/x86_64 is already published." });
    // The same version on another platform is another release.
    expect((await publish(release("2.0.0", { target: "darwin", arch: "aarch64" }))).status).toBe(200);
  });

  it.each([
    ["a version that is not SemVer", { version: "2.1" }, "version", "Not a SemVer version"],
    ["a url that is not http(s)", { url: "ftp://downloads.streamkit.example/app.exe" }, "url", "The url is the artefact's http(s) address."],
    ["a url that is not one", { url: "not a url" }, "url", "The url is the artefact's http(s) address."],
    ["an unknown target", { target: "beos" }, "target", "The target is one of linux, windows, darwin."],
    ["an unknown arch", { arch: "sparc" }, "arch", "The arch is one of x86_64, aarch64, i686, armv7."],
    ["an empty signature", { signature: "  " }, "signature", "The signature is the content of the artefact's .sig file."],
    ["a rollout over 100", { rollout: 150 }, "rollout", "100"],
  ])("refuses %s with validation_error naming the field", async (_name, change, path, message) => {
    const refused = await publish(release("3.0.0", change));
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe("validation_error");
    expect(refused.error?.details).toEqual([{ path, message: expect.stringContaining(message) }]);
  });

  it("refuses a withdrawal of what is not a version or a platform", async () => {
    for (const input of [
      { version: "x".repeat(300), target: "linux", arch: "x86_64" },
      { version: "1.0", target: "linux", arch: "x86_64" },
      { version: "1.9.0", target: "beos", arch: "x86_64" },
      { version: "1.9.0" },
    ]) {
      const refused = await withdraw(input);
      expect(refused.status).toBe(400);
      expect(refused.error?.code).toBe("validation_error");
    }
    expect(await offered("linux/x86_64/1.0.0")).toBe("1.9.0");
  });
});

describe("channels, rollouts, minimums and rollback from /admin", () => {
  const change = async (input: unknown, cookie = operator) => readTrpc(await trpcMutate(app, "admin.releases.change", input, { cookie }));
  const setMinimum = async (input: unknown, cookie = operator) => readTrpc(await trpcMutate(app, "admin.releases.setMinimum", input, { cookie }));
  const minimums = async () => readTrpc(await trpcQuery(app, "admin.releases.minimums", undefined, { cookie: operator }));
  const mac = { target: "darwin", arch: "x86_64" };

  it("publishes to beta, promotes to stable at a rollout, and records who changed it and when", async () => {
    const published = await publish(release("4.0.0-beta.1", { ...mac, channel: "beta" }));
    expect(published.data).toMatchObject({ channel: "beta", revision: 1 });
    expect(await offered("darwin/x86_64/3.0.0")).toBeNull();
    expect(await offered("darwin/x86_64/3.0.0?channel=beta")).toBe("4.0.0-beta.1");

    const changed = await change({ version: "4.0.0-beta.1", ...mac, channel: "stable", rollout: 100, revision: 1 });
    expect(changed.status).toBe(200);
    expect(changed.data).toEqual([
      expect.objectContaining({ channel: "stable", rollout: 100, revision: 2, updatedBy: { id: expect.any(String), name: "Olive Operator" } }),
    ]);
    expect(changed.data[0].updatedAt >= changed.data[0].createdAt).toBe(true);
    expect(await offered("darwin/x86_64/3.0.0")).toBe("4.0.0-beta.1");
    const listed = (await list()).data.find((r: { version: string }) => r.version === "4.0.0-beta.1");
    expect(listed).toMatchObject({ channel: "stable", revision: 2, updatedBy: { name: "Olive Operator" } });
  });

  it("of two operators changing the same revision at once, the database takes one and tells the other 409 conflict", async () => {
    const second = await sessionCookie(app, (await insertAccount(app.deps.db, { name: "Sam Second", staff: true })).id);
    const results = await Promise.all([
      change({ version: "4.0.0-beta.1", ...mac, rollout: 30, revision: 2 }),
      change({ version: "4.0.0-beta.1", ...mac, rollout: 70, revision: 2 }, second),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const refused = results.find((result) => result.status === 409)!;
    expect(refused.error).toEqual({
      code: "conflict",
      message: "Release 4.0.0-beta.1 for darwin/x86_64 was changed meanwhile (now revision 3); reload it and try again.",
      details: { currentRevision: 3 },
    });
    const won = results.find((result) => result.status === 200)!;
    const listed = (await list()).data.find((r: { version: string }) => r.version === "4.0.0-beta.1");
    expect(listed).toMatchObject({ revision: 3, rollout: won.data[0].rollout });
  });

  it("sets, lists and clears minimum versions per platform and channel; concurrent settings leave one", async () => {
    const set = await setMinimum({ ...mac, channel: "stable", version: "4.0.0-beta.1" });
    expect(set.status).toBe(200);
    expect(set.data).toEqual({
      ...mac,
      channel: "stable",
      version: "4.0.0-beta.1",
      satisfiedBy: "4.0.0-beta.1",
      updatedAt: expect.any(String),
      updatedBy: { id: expect.any(String), name: "Olive Operator" },
    });
    expect((await (await app.raw("/api/app/update/darwin/x86_64/3.0.0")).json()).required).toBe(true);
    await Promise.all([setMinimum({ ...mac, channel: "beta", version: "5.0.0" }), setMinimum({ ...mac, channel: "beta", version: "6.0.0" })]);
    const listed = (await minimums()).data as { channel: string; version: string; satisfiedBy: string | null }[];
    expect(listed.map((m) => m.channel)).toEqual(["beta", "stable"]);
    expect(["5.0.0", "6.0.0"]).toContain(listed[0]!.version);
    expect(listed[0]!.satisfiedBy).toBeNull();
    expect((await setMinimum({ ...mac, channel: "beta", version: null })).data).toBeNull();
    expect((await setMinimum({ ...mac, channel: "stable", version: null })).data).toBeNull();
    expect((await minimums()).data).toEqual([]);
    // No longer required: the staged release is not offered to an app without an installation id.
    expect(await offered("darwin/x86_64/3.0.0")).toBeNull();
  });

  it("withdraws with rollback: those on the withdrawn version are offered the previous good one", async () => {
    expect((await publish(release("3.9.0", mac))).status).toBe(200);
    const pulled = await withdraw({ version: "4.0.0-beta.1", ...mac, rollback: true });
    expect(pulled.data).toEqual([
      expect.objectContaining({ rollback: true, withdrawnAt: expect.any(String), updatedBy: { id: expect.any(String), name: "Olive Operator" } }),
    ]);
    expect(await (await app.raw("/api/app/update/darwin/x86_64/4.0.0-beta.1")).json()).toMatchObject({ version: "3.9.0", rollback: true });
    expect(await offered("darwin/x86_64/3.9.0")).toBeNull();
    const again = await withdraw({ version: "4.0.0-beta.1", ...mac, rollback: true });
    expect(again.error).toEqual({ code: "not_found", message: "No release 4.0.0-beta.1 for darwin/x86_64 that is not already rolled back." });
    const changeWithdrawn = await change({ version: "4.0.0-beta.1", ...mac, rollout: 10 });
    expect(changeWithdrawn.error).toEqual({ code: "not_found", message: "No published, not withdrawn release 4.0.0-beta.1 for darwin/x86_64." });
  });

  it.each([
    ["nothing to change", { version: "3.9.0" }, "channel", "Nothing to change: give a channel or a rollout."],
    ["an unknown channel", { version: "3.9.0", channel: "nightly" }, "channel", "The channel is one of stable, beta."],
    ["a rollout over 100", { version: "3.9.0", rollout: 101 }, "rollout", "100"],
    ["a target without an arch", { version: "3.9.0", target: "darwin", rollout: 5 }, "arch", "Give both the target and the arch"],
    ["a revision for every platform", { version: "3.9.0", rollout: 5, revision: 1 }, "revision", "A revision names one platform's release"],
    ["a version that is not SemVer", { version: "3.9", rollout: 5 }, "version", "Not a SemVer version"],
  ])("refuses a change with %s: validation_error naming the field", async (_name, input, path, message) => {
    const refused = await change(input);
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe("validation_error");
    expect(refused.error?.details).toEqual([{ path, message: expect.stringContaining(message) }]);
  });

  it.each([
    ["an unknown channel", { ...mac, channel: "nightly", version: "1.0.0" }, "channel"],
    ["a version that is not SemVer", { ...mac, channel: "stable", version: "1.0" }, "version"],
    ["an unknown target", { target: "beos", arch: "x86_64", channel: "stable", version: "1.0.0" }, "target"],
  ])("refuses a minimum with %s: validation_error naming the field", async (_name, input, path) => {
    const refused = await setMinimum(input);
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe("validation_error");
    expect(refused.error?.details).toEqual([expect.objectContaining({ path })]);
  });

  it("a change of a version nobody published is not_found", async () => {
    const missing = await change({ version: "8.8.8", rollout: 5 });
    expect(missing.error).toEqual({ code: "not_found", message: "No published, not withdrawn release 8.8.8." });
    const stale = await change({ version: "8.8.8", ...mac, rollout: 5, revision: 4 });
    expect(stale.status).toBe(404);
  });
});
