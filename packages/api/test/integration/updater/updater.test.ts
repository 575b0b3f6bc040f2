/**
 * The desktop app's updater, GET /api/app/update/{target}/{arch}/{current}
 * (Tauri v2's dynamic update server contract): 204 with no body when there is
 * nothing newer, 200 with the update otherwise, SemVer order with
 * pre-releases, withdrawn versions never offered, staged rollouts decided per
 * installation, unknown platforms 404 and a bad version 400 in the envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@streamkit/api-contract";
import { listReleases, publishRelease, withdrawRelease } from "../../../src/updater/releases";
import { createTestApp, type TestApp } from "../../support/app";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(() => app.close());

const update = (path: string, headers: Record<string, string> = {}) => app.raw(`/api/app/update/${path}`, { headers });
const release = (version: string, extra: Record<string, unknown> = {}) =>
  publishRelease(app.deps.db, {
    version,
    target: "linux",
    arch: "x86_64",
    url: `https://downloads.streamkit.example/${version}/streamkit_${version}_amd64.AppImage.tar.gz`,
    signature: `signature of ${version}`,
    notes: `What is new in ${version}.`,
    pubDate: "2026-11-20T08:00:00Z",
    ...extra,
  });

describe("GET /api/app/update/{target}/{arch}/{current}", () => {
  it("answers 204 with no body while nothing is published for the platform", async () => {
    const response = await update("linux/x86_64/1.0.0");
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("offers a newer version as Tauri expects it, and 204 to that version or a newer one", async () => {
    await release("1.2.0");
    const response = await update("linux/x86_64/1.0.0");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("vary")).toBe("X-Streamkit-Installation, X-Streamkit-Channel");
    expect(await response.json()).toEqual({
      version: "1.2.0",
      url: "https://downloads.streamkit.example/1.2.0/streamkit_1.2.0_amd64.AppImage.tar.gz",
      signature: "signature of 1.2.0",
      notes: "What is new in 1.2.0.",
      pub_date: "2026-11-20T08:00:00.000Z",
      channel: "stable",
      required: false,
      minimumVersion: null,
      rollback: false,
    });
    expect((await update("linux/x86_64/1.2.0")).status).toBe(204);
    expect((await update("linux/x86_64/1.2.0+build.7")).status).toBe(204);
    expect((await update("linux/x86_64/2.0.0")).status).toBe(204);
    // A pre-release of 1.2.0 is older than 1.2.0.
    expect((await (await update("linux/x86_64/1.2.0-rc.1")).json()).version).toBe("1.2.0");
    // Another platform has nothing.
    expect((await update("windows/x86_64/1.0.0")).status).toBe(204);
  });

  it("orders pre-releases by SemVer precedence, and stops offering a withdrawn version at once", async () => {
    await release("1.3.0-beta.2");
    await release("1.3.0-beta.10");
    expect((await (await update("linux/x86_64/1.2.0")).json()).version).toBe("1.3.0-beta.10");
    expect((await (await update("linux/x86_64/1.3.0-beta.2")).json()).version).toBe("1.3.0-beta.10");
    expect((await update("linux/x86_64/1.3.0-beta.10")).status).toBe(204);
    await withdrawRelease(app.deps.db, { version: "1.3.0-beta.10", target: "linux", arch: "x86_64" }, new Date());
    expect((await (await update("linux/x86_64/1.2.0")).json()).version).toBe("1.3.0-beta.2");
    await withdrawRelease(app.deps.db, { version: "1.3.0-beta.2" }, new Date());
    expect((await update("linux/x86_64/1.2.0")).status).toBe(204);
  });

  it("offers a staged release to its share of installations, the same answer every time, and the full release to the rest", async () => {
    await release("1.4.0", { target: "darwin", arch: "aarch64", rollout: 30 });
    await release("1.3.5", { target: "darwin", arch: "aarch64" });
    const offered = async (installation?: string) =>
      ((await (await update("darwin/aarch64/1.0.0", installation ? { "x-streamkit-installation": installation } : {})).json()) as { version: string }).version;
    // Without an installation id, only full releases.
    expect(await offered()).toBe("1.3.5");
    const versions = await Promise.all(Array.from({ length: 200 }, (_, i) => offered(`installation-${i}`)));
    const staged = versions.filter((version) => version === "1.4.0").length;
    expect(staged).toBeGreaterThan(30);
    expect(staged).toBeLessThan(90);
    expect(versions.filter((version) => version !== "1.4.0").every((version) => version === "1.3.5")).toBe(true);
    expect(await Promise.all(Array.from({ length: 200 }, (_, i) => offered(`installation-${i}`)))).toEqual(versions);
  });

  it.each([
    ["plan9/x86_64/1.0.0", 404, "not_found"],
    ["linux/sparc/1.0.0", 404, "not_found"],
    ["linux/x86_64/v1.0.0", 400, "bad_request"],
    ["linux/x86_64/1.0", 400, "bad_request"],
    [`linux/x86_64/1.0.0-${"a".repeat(300)}`, 400, "bad_request"],
    ["linux/x86_64/%FF", 400, "bad_request"],
  ])("GET %s → %i %s in the envelope", async (path, status, code) => {
    const response = await update(path);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: { code, message: expect.any(String) } });
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("publishing releases", () => {
  it("refuses the same version (build metadata aside) twice on one platform, and names every bad value", async () => {
    await release("2.0.0", { target: "windows" });
    await expect(release("2.0.0+b2", { target: "windows" })).rejects.toMatchObject({ code: "version_exists" });
    const bad = await release("2.0", { target: "beos", url: "ftp://x", signature: " ", rollout: 101 }).catch((error: AppError) => error);
    expect(bad).toBeInstanceOf(AppError);
    expect((bad as AppError).code).toBe("bad_request");
    expect(((bad as AppError).details as { path: string }[]).map((problem) => problem.path).sort()).toEqual([
      "rollout",
      "signature",
      "target",
      "url",
      "version",
    ]);
    const listed = await listReleases(app.deps.db);
    expect(listed.filter((r) => r.target === "windows").map((r) => r.version)).toEqual(["2.0.0"]);
  });

  it("withdrawing what is not there is not_found; a version that is not SemVer is bad_request", async () => {
    await expect(withdrawRelease(app.deps.db, { version: "9.9.9" }, new Date())).rejects.toMatchObject({ code: "not_found" });
    await expect(withdrawRelease(app.deps.db, { version: "nine" }, new Date())).rejects.toMatchObject({ code: "bad_request" });
  });
});
