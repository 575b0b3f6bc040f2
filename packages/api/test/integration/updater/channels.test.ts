/**
 * Update channels, minimum versions and rollback through the Tauri endpoint,
 * GET /api/app/update/{target}/{arch}/{current}: stable sees stable releases
 * and beta sees beta and stable ones, per channel staged rollouts, an
 * unknown channel 400 in the envelope, a required update below the minimum
 * (bypassing the rollout), and the previous good release offered only to
 * installations on a version withdrawn with rollback. Each test uses a
 * platform of its own, so they do not see each other's releases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inRollout } from "../../../src/updater/offer";
import { setMinimum } from "../../../src/updater/minimums";
import { changeRelease, publishRelease, withdrawRelease } from "../../../src/updater/releases";
import { createTestApp, type TestApp } from "../../support/app";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Platform = { target: "linux" | "windows" | "darwin"; arch: "x86_64" | "aarch64" | "i686" | "armv7" };

const update = (path: string, headers: Record<string, string> = {}) => app.raw(`/api/app/update/${path}`, { headers });
const release = (platform: Platform, version: string, extra: Record<string, unknown> = {}) =>
  publishRelease(app.deps.db, {
    version,
    ...platform,
    url: `https://downloads.streamkit.example/${version}/${platform.target}-${platform.arch}.tar.gz`,
    signature: `signature of ${version}`,
    notes: `What is new in ${version}.`,
    pubDate: "2026-11-20T08:00:00Z",
    ...extra,
  });
/** The version offered (null for 204), failing on anything but 200 or 204. */
async function offered(path: string, headers: Record<string, string> = {}): Promise<string | null> {
  const response = await update(path, headers);
  if (response.status === 204) return null;
  expect(response.status).toBe(200);
  return ((await response.json()) as { version: string }).version;
}
const now = () => new Date();

describe("channels", () => {
  const linux: Platform = { target: "linux", arch: "x86_64" };

  it("offers stable installations stable releases only, and beta ones beta and stable releases, with the exact JSON", async () => {
    await release(linux, "1.2.0");
    await release(linux, "1.3.0-beta.1", { channel: "beta" });
    const stable = await update("linux/x86_64/1.0.0");
    expect(stable.status).toBe(200);
    expect(stable.headers.get("vary")).toBe("X-Streamkit-Installation, X-Streamkit-Channel");
    expect(stable.headers.get("cache-control")).toBe("public, max-age=300");
    expect(await stable.json()).toEqual({
      version: "1.2.0",
      url: "https://downloads.streamkit.example/1.2.0/linux-x86_64.tar.gz",
      signature: "signature of 1.2.0",
      notes: "What is new in 1.2.0.",
      pub_date: "2026-11-20T08:00:00.000Z",
      channel: "stable",
      required: false,
      minimumVersion: null,
      rollback: false,
    });
    expect(await offered("linux/x86_64/1.0.0?channel=stable")).toBe("1.2.0");
    const beta = await update("linux/x86_64/1.0.0?channel=beta");
    expect(await beta.json()).toEqual({
      version: "1.3.0-beta.1",
      url: "https://downloads.streamkit.example/1.3.0-beta.1/linux-x86_64.tar.gz",
      signature: "signature of 1.3.0-beta.1",
      notes: "What is new in 1.3.0-beta.1.",
      pub_date: "2026-11-20T08:00:00.000Z",
      channel: "beta",
      required: false,
      minimumVersion: null,
      rollback: false,
    });
    // The header says the same, for apps that cannot change their endpoint's URL.
    expect(await offered("linux/x86_64/1.0.0", { "x-streamkit-channel": "beta" })).toBe("1.3.0-beta.1");
    expect(await offered("linux/x86_64/1.0.0?channel=beta", { "x-streamkit-channel": "beta" })).toBe("1.3.0-beta.1");
    // A beta installation is up to date; one that went back to stable is never offered a lower version.
    expect(await offered("linux/x86_64/1.3.0-beta.1?channel=beta")).toBeNull();
    expect(await offered("linux/x86_64/1.3.0-beta.1")).toBeNull();
    // The stable release of that version reaches both.
    await release(linux, "1.3.0");
    expect(await offered("linux/x86_64/1.3.0-beta.1?channel=beta")).toBe("1.3.0");
    expect(await offered("linux/x86_64/1.3.0-beta.1")).toBe("1.3.0");
  });

  it("moves a release between channels: promoted to stable, stable installations are offered it", async () => {
    await release(linux, "1.4.0-rc.1", { channel: "beta" });
    expect(await offered("linux/x86_64/1.3.0")).toBeNull();
    const [changed] = await changeRelease(app.deps.db, { version: "1.4.0-rc.1", target: "linux", arch: "x86_64", channel: "stable" }, null, now());
    expect(changed).toMatchObject({ channel: "stable", revision: 2, updatedBy: null });
    expect(await offered("linux/x86_64/1.3.0")).toBe("1.4.0-rc.1");
  });

  it.each([
    ["linux/x86_64/1.0.0?channel=nightly", {}, 'Unknown channel "nightly": it is one of stable, beta.'],
    ["linux/x86_64/1.0.0?channel=BETA", {}, 'Unknown channel "BETA": it is one of stable, beta.'],
    ["linux/x86_64/1.0.0?channel=", {}, 'Unknown channel "": it is one of stable, beta.'],
    ["linux/x86_64/1.0.0", { "x-streamkit-channel": "alpha" }, 'Unknown channel "alpha": it is one of stable, beta.'],
    ["linux/x86_64/1.0.0?channel=beta&channel=stable", {}, "The channel is given more than once, differently: send one ?channel= or one X-Streamkit-Channel."],
    [
      "linux/x86_64/1.0.0?channel=beta",
      { "x-streamkit-channel": "stable" },
      "The channel is given more than once, differently: send one ?channel= or one X-Streamkit-Channel.",
    ],
  ])("GET %s %o → 400 bad_request in the envelope", async (path, headers, message) => {
    const response = await update(path, headers);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("bad_request");
    expect(body.error.message).toBe(message);
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("names the channels in the details of an unknown one", async () => {
    expect(await (await update("linux/x86_64/1.0.0?channel=nightly")).json()).toEqual({
      error: {
        code: "bad_request",
        message: 'Unknown channel "nightly": it is one of stable, beta.',
        details: { channel: "nightly", channels: ["stable", "beta"] },
      },
    });
  });
});

describe("staged rollouts per channel", () => {
  const windows: Platform = { target: "windows", arch: "x86_64" };
  const installations = Array.from({ length: 60 }, (_, i) => `installation-${i}`);
  const answers = (channel: string) =>
    Promise.all(installations.map((id) => offered(`windows/x86_64/1.1.0?channel=${channel}`, { "x-streamkit-installation": id })));

  it("ships 1.3.0-beta.1 to beta at 100 % while 1.2.1 goes to stable at 20 %", async () => {
    await release(windows, "1.2.0");
    await release(windows, "1.2.1", { rollout: 20 });
    await release(windows, "1.3.0-beta.1", { channel: "beta" });
    const expected = installations.map((id) => (inRollout({ rollout: 20, versionKey: "1.2.1" }, id) ? "1.2.1" : "1.2.0"));
    const staged = expected.filter((version) => version === "1.2.1").length;
    expect(staged).toBeGreaterThan(3);
    expect(staged).toBeLessThan(25);
    expect(await answers("stable")).toEqual(expected);
    expect(await answers("beta")).toEqual(installations.map(() => "1.3.0-beta.1"));
    // Without an installation id, only full releases.
    expect(await offered("windows/x86_64/1.1.0")).toBe("1.2.0");

    // Raising the rollout only adds installations; at 100 % every stable one gets it, beta ones are unaffected.
    await changeRelease(app.deps.db, { version: "1.2.1", target: "windows", arch: "x86_64", rollout: 60 }, null, now());
    const wider = await answers("stable");
    expected.forEach((version, i) => {
      if (version === "1.2.1") expect(wider[i]).toBe("1.2.1");
    });
    await changeRelease(app.deps.db, { version: "1.2.1", rollout: 100 }, null, now());
    expect(await answers("stable")).toEqual(installations.map(() => "1.2.1"));
    expect(await offered("windows/x86_64/1.1.0?channel=beta")).toBe("1.3.0-beta.1");
  });
});

describe("minimum supported versions", () => {
  const mac: Platform = { target: "darwin", arch: "aarch64" };

  it("tells an installation below the minimum that the update is required, bypassing the staged rollout", async () => {
    await release(mac, "1.0.0");
    await release(mac, "1.1.0", { rollout: 10 });
    await release(mac, "1.2.0", { rollout: 0 });
    // Not in any rollout: the full release only.
    expect(await offered("darwin/aarch64/0.9.0")).toBe("1.0.0");

    const minimum = await setMinimum(app.deps.db, { target: "darwin", arch: "aarch64", channel: "stable", version: "1.1.0" }, null, now());
    expect(minimum).toMatchObject({ version: "1.1.0", channel: "stable", satisfiedBy: "1.1.0", updatedBy: null });
    const required = await update("darwin/aarch64/0.9.0");
    expect(await required.json()).toEqual({
      version: "1.1.0",
      url: "https://downloads.streamkit.example/1.1.0/darwin-aarch64.tar.gz",
      signature: "signature of 1.1.0",
      notes: "What is new in 1.1.0.",
      pub_date: "2026-11-20T08:00:00.000Z",
      channel: "stable",
      required: true,
      minimumVersion: "1.1.0",
      rollback: false,
    });
    expect(await offered("darwin/aarch64/1.0.0", { "x-streamkit-installation": "anyone" })).toBe("1.1.0");
    // At the minimum: nothing required, the staged releases as usual.
    expect(await offered("darwin/aarch64/1.1.0")).toBeNull();
    const atMinimum = await update("darwin/aarch64/1.1.0?channel=beta");
    expect(atMinimum.status).toBe(204);
  });

  it("binds a beta installation by beta's minimum and stable's, a stable one by stable's only", async () => {
    await setMinimum(app.deps.db, { target: "darwin", arch: "aarch64", channel: "beta", version: "1.2.0" }, null, now());
    const beta = (await (await update("darwin/aarch64/1.1.0?channel=beta")).json()) as Record<string, unknown>;
    expect(beta).toMatchObject({ version: "1.2.0", required: true, minimumVersion: "1.2.0", rollback: false });
    expect(await offered("darwin/aarch64/1.1.0")).toBeNull();
    // A normal answer still names the minimum that binds the installation.
    expect(await (await update("darwin/aarch64/0.9.0?channel=beta")).json()).toMatchObject({ version: "1.2.0", required: true, minimumVersion: "1.2.0" });
    await setMinimum(app.deps.db, { target: "darwin", arch: "aarch64", channel: "beta", version: null }, null, now());
    expect(await offered("darwin/aarch64/1.1.0?channel=beta")).toBeNull();
  });

  it("a minimum no release meets yet binds nobody: the usual offer, not required, naming the minimum", async () => {
    const minimum = await setMinimum(app.deps.db, { target: "darwin", arch: "aarch64", channel: "stable", version: "5.0.0" }, null, now());
    expect(minimum?.satisfiedBy).toBeNull();
    expect(await (await update("darwin/aarch64/0.9.0")).json()).toMatchObject({ version: "1.0.0", required: false, minimumVersion: "5.0.0" });
    expect(await offered("darwin/aarch64/1.0.0")).toBeNull();
    // Publishing the release that meets it makes it required at once, whatever its rollout.
    await release(mac, "5.0.0", { rollout: 0 });
    expect(await (await update("darwin/aarch64/1.0.0")).json()).toMatchObject({ version: "5.0.0", required: true, minimumVersion: "5.0.0" });
    await setMinimum(app.deps.db, { target: "darwin", arch: "aarch64", channel: "stable", version: null }, null, now());
    expect(await offered("darwin/aarch64/1.0.0")).toBeNull();
    expect(await (await update("darwin/aarch64/0.9.0")).json()).toMatchObject({ version: "1.0.0", required: false, minimumVersion: null });
  });
});

describe("rollback", () => {
  const arm: Platform = { target: "linux", arch: "aarch64" };

  it("offers the previous good release to installations on a version withdrawn with rollback, and a downgrade to nobody else", async () => {
    await release(arm, "2.0.0");
    await release(arm, "2.1.0");
    // Withdrawn without rollback: those on it keep it.
    await withdrawRelease(app.deps.db, { version: "2.1.0", target: "linux", arch: "aarch64" }, now());
    expect(await offered("linux/aarch64/2.1.0")).toBeNull();
    expect(await offered("linux/aarch64/1.9.0")).toBe("2.0.0");

    const [withdrawn] = await withdrawRelease(app.deps.db, { version: "2.1.0", target: "linux", arch: "aarch64", rollback: true }, now());
    expect(withdrawn).toMatchObject({ rollback: true, revision: 3 });
    const back = await update("linux/aarch64/2.1.0");
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({
      version: "2.0.0",
      url: "https://downloads.streamkit.example/2.0.0/linux-aarch64.tar.gz",
      signature: "signature of 2.0.0",
      notes: "What is new in 2.0.0.",
      pub_date: "2026-11-20T08:00:00.000Z",
      channel: "stable",
      required: false,
      minimumVersion: null,
      rollback: true,
    });
    // The same version with build metadata is the same version; a beta installation on it too.
    expect(await (await update("linux/aarch64/2.1.0+build.7")).json()).toMatchObject({ version: "2.0.0", rollback: true });
    expect(await (await update("linux/aarch64/2.1.0?channel=beta")).json()).toMatchObject({ version: "2.0.0", rollback: true });
    // Nobody else is offered a lower version.
    expect(await offered("linux/aarch64/2.0.5")).toBeNull();
    expect(await offered("linux/aarch64/2.2.0")).toBeNull();
    expect(await offered("linux/aarch64/2.0.0")).toBeNull();
    expect(await (await update("linux/aarch64/1.9.0")).json()).toMatchObject({ version: "2.0.0", rollback: false });
    // Rolled back twice is not_found.
    await expect(withdrawRelease(app.deps.db, { version: "2.1.0", rollback: true }, now())).rejects.toMatchObject({ code: "not_found" });
  });

  it("rolls back to what the installation would be offered (its rollout), never below the minimum, and a fix supersedes it", async () => {
    await release(arm, "2.0.1", { rollout: 50 });
    const ids = Array.from({ length: 20 }, (_, i) => `arm-${i}`);
    const versions = await Promise.all(ids.map((id) => offered("linux/aarch64/2.1.0", { "x-streamkit-installation": id })));
    expect(versions).toEqual(ids.map((id) => (inRollout({ rollout: 50, versionKey: "2.0.1" }, id) ? "2.0.1" : "2.0.0")));

    await setMinimum(app.deps.db, { target: "linux", arch: "aarch64", channel: "stable", version: "2.0.1" }, null, now());
    // Without an id it would go back to 2.0.0, below the minimum: it stays.
    expect(await offered("linux/aarch64/2.1.0")).toBeNull();
    // Below the minimum, 2.0.1 is required whatever its rollout.
    expect(await (await update("linux/aarch64/2.0.0")).json()).toMatchObject({ version: "2.0.1", required: true, rollback: false });
    await setMinimum(app.deps.db, { target: "linux", arch: "aarch64", channel: "stable", version: null }, null, now());

    await release(arm, "2.1.1");
    expect(await (await update("linux/aarch64/2.1.0")).json()).toMatchObject({ version: "2.1.1", rollback: false });
  });
});
