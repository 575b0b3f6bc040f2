/**
 * releases.downloads, what the website's /download page reads (through
 * /api/trpc, as anyone): per platform the newest release every installation
 * is offered — never a withdrawn one, never a staged one — in the platform
 * table's order, which of them the demo key signed, the updater's address for
 * the app's config and the demo public key. Not part of /api/v1.
 */
import { releaseArches, releaseTargets } from "@streamkit/api-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoReleases } from "../../../src/updater/demo-releases";
import { publishMissingReleases, publishRelease, withdrawRelease } from "../../../src/updater/releases";
import { minisignKeyFromSeed, minisignPublicKeyText, tauriPublicKey, tauriSignature } from "../../../src/shared/minisign";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { insertAccount } from "../../support/factories";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcQuery } from "../../support/trpc";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const read = async (headers: Record<string, string> = {}) => readTrpc(await trpcQuery(app, "releases.downloads", undefined, headers));
const platforms = (data: { releases: { target: string; arch: string; version: string }[] }) => data.releases.map((r) => `${r.target}/${r.arch} ${r.version}`);
const release = (version: string, target: string, arch: string, extra: Record<string, unknown> = {}) =>
  publishRelease(app.deps.db, {
    version,
    target: target as never,
    arch: arch as never,
    url: `https://downloads.streamkit.example/${version}/${target}-${arch}`,
    signature: `signature of ${version}`,
    notes: `Notes of ${version}.`,
    pubDate: "2026-11-20T08:00:00Z",
    ...extra,
  });

describe("releases.downloads", () => {
  it("has no releases on an empty database, and still the updater's address and the demo public key", async () => {
    const { status, data } = await read();
    expect(status).toBe(200);
    expect(data).toEqual({
      releases: [],
      updaterEndpoint: `${BASE}/api/app/update/{{target}}/{{arch}}/{{current_version}}`,
      demoPublicKey: {
        keyId: expect.stringMatching(/^[0-9A-F]{1,16}$/),
        text: minisignPublicKeyText(app.deps.demoReleaseKey),
        tauri: tauriPublicKey(app.deps.demoReleaseKey),
      },
    });
    expect(data.demoPublicKey.text.startsWith(`untrusted comment: minisign public key: ${data.demoPublicKey.keyId}\n`)).toBe(true);
  });

  it("lists the newest full release per platform, in the platform table's order, with what the page shows", async () => {
    await release("1.0.0", "darwin", "aarch64");
    await release("1.1.0-beta.3", "darwin", "aarch64");
    await release("1.0.5", "linux", "x86_64");
    await release("1.0.10", "linux", "x86_64");
    await release("0.9.0", "windows", "i686");
    const { data } = await read();
    expect(platforms(data)).toEqual(["linux/x86_64 1.0.10", "windows/i686 0.9.0", "darwin/aarch64 1.1.0-beta.3"]);
    expect(data.releases[0]).toEqual({
      id: expect.any(String),
      version: "1.0.10",
      target: "linux",
      arch: "x86_64",
      url: "https://downloads.streamkit.example/1.0.10/linux-x86_64",
      notes: "Notes of 1.0.10.",
      pubDate: "2026-11-20T08:00:00.000Z",
      demo: false,
    });
    const order = data.releases.map(
      (r: { target: string; arch: string }) => releaseTargets.indexOf(r.target as never) * 10 + releaseArches.indexOf(r.arch as never),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("leaves out staged and withdrawn releases: the platform shows the release everyone is offered", async () => {
    await release("1.2.0", "linux", "x86_64", { rollout: 50 });
    await release("1.1.0", "darwin", "aarch64", { rollout: 100 });
    await withdrawRelease(app.deps.db, { version: "1.1.0", target: "darwin", arch: "aarch64" }, new Date());
    await withdrawRelease(app.deps.db, { version: "0.9.0", target: "windows", arch: "i686" }, new Date());
    const { data } = await read();
    expect(platforms(data)).toEqual(["linux/x86_64 1.0.10", "darwin/aarch64 1.1.0-beta.3"]);
  });

  it("marks the releases the demo key signed, and no other", async () => {
    await publishMissingReleases(app.deps.db, demoReleases(app.deps.demoReleaseKey, BASE));
    const stranger = minisignKeyFromSeed(Buffer.alloc(32, 1));
    await release("1.0.1", "darwin", "x86_64", { signature: tauriSignature(stranger, Buffer.from("x"), { trustedComment: "timestamp:1" }) });
    const { data } = await read();
    const marks = data.releases.map((r: { target: string; arch: string; version: string; demo: boolean }) => `${r.target}/${r.arch} ${r.version} ${r.demo}`);
    // linux/x86_64 keeps its newer 1.0.10; darwin/x86_64's 1.0.1 is newer than the demo's 1.0.0 but signed by another key.
    expect(marks).toEqual(["linux/x86_64 1.0.10 false", "windows/x86_64 1.0.0 true", "darwin/x86_64 1.0.1 false", "darwin/aarch64 1.1.0-beta.3 false"]);
  });

  it("answers signed-in visitors the same, and is not published under /api/v1", async () => {
    const signedOut = await read();
    const member = await sessionCookie(app, (await insertAccount(app.deps.db)).id);
    expect((await read({ cookie: member })).data).toEqual(signedOut.data);
    expect((await app.request("/releases/downloads")).status).toBe(404);
  });
});
