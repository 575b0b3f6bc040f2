/**
 * The demo releases in one process: GET /downloads/demo/{file} serves the
 * demo artefacts through the REST core (ETag, 304, HEAD, a day of caching,
 * unknown names 404 in the envelope, never a 5xx), and seeding them with the
 * demo catalogue signs each artefact's bytes with the key derived from the
 * master secret — once: seeding again, or a restart with the same secret,
 * changes nothing.
 */
import { listReleases } from "../../../src/updater/releases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeps } from "../../../src/app/create-deps";
import { createLogger } from "../../../src/shared/logger";
import { seedDemoCatalogue } from "../../../src/app/seeding";
import { demoReleases } from "../../../src/updater/demo-releases";
import { DEMO_DOWNLOADS_PATH, DEMO_VERSION, demoArtefactBytes, demoArtefacts } from "../../../src/updater/demo-artefacts";
import { tauriPublicKey, verifyMinisign } from "../../../src/shared/minisign";
import { BASE, createTestApp, type TestApp } from "../../support/app";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const download = (file: string, init?: RequestInit) => app.raw(`${DEMO_DOWNLOADS_PATH}/${file}`, init);

describe("GET /downloads/demo/{file}", () => {
  it("has a Tauri-like bundle per demo platform", () => {
    expect(demoArtefacts.map(({ target, arch, file }) => `${target}/${arch} ${file}`)).toEqual([
      `linux/x86_64 Streamkit_${DEMO_VERSION}_amd64.AppImage`,
      `windows/x86_64 Streamkit_${DEMO_VERSION}_x64-setup.exe`,
      `darwin/x86_64 Streamkit_${DEMO_VERSION}_x64.app.tar.gz`,
      `darwin/aarch64 Streamkit_${DEMO_VERSION}_aarch64.app.tar.gz`,
    ]);
  });

  it.each(demoArtefacts.map((artefact) => [artefact.file, artefact] as const))(
    "serves %s: its bytes, an ETag, 304, HEAD and a day of caching",
    async (file, artefact) => {
      const response = await download(file);
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(demoArtefactBytes(artefact))).toBe(true);
      expect(bytes.toString()).toContain(`a demo build for ${artefact.target}/${artefact.arch}`);
      expect(response.headers.get("content-type")).toBe("application/octet-stream");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${file}"`);
      expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      const etag = response.headers.get("etag")!;
      expect(etag).toMatch(/^"[\w-]{27}"$/);

      const again = await download(file, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe("");

      const head = await download(file, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("etag")).toBe(etag);
      expect(await head.text()).toBe("");
    },
  );

  it("gives every artefact its own bytes", () => {
    expect(new Set(demoArtefacts.map((artefact) => demoArtefactBytes(artefact).toString())).size).toBe(demoArtefacts.length);
  });

  it.each([
    ["another version", "Streamkit_0.9.0_amd64.AppImage"],
    ["a signature file", `Streamkit_${DEMO_VERSION}_amd64.AppImage.sig`],
    ["another case", "streamkit_1.0.0_amd64.appimage"],
    ["an escaped path", "..%2F..%2Fetc%2Fpasswd"],
    ["a malformed escape", "%E0%A4%A"],
    ["__proto__", "__proto__"],
    ["4,000 characters", "x".repeat(4000)],
  ])("answers an unknown name (%s) with 404 not_found in the envelope", async (_label, name) => {
    const response = await download(name);
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body).toEqual({ error: { code: "not_found", message: expect.stringContaining("No demo artefact is named") } });
    expect(body.error.message.length).toBeLessThan(400);
  });

  it("leaves a NUL in the name to the core's 400 bad_request, like every path", async () => {
    const response = await download("%00");
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("bad_request");
  });

  it("takes only GET and HEAD, and nothing below a name", async () => {
    const file = demoArtefacts[0]!.file;
    for (const response of [await download(file, { method: "POST", body: "x" }), await download(`${file}/more`), await app.raw(DEMO_DOWNLOADS_PATH)]) {
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
  });
});

describe("seeding the demo releases", () => {
  it("signs each artefact with the demo key, with the demo catalogue, once", async () => {
    const releases = demoReleases(app.deps.demoReleaseKey, app.deps.env.PUBLIC_URL);
    expect(await seedDemoCatalogue(app.deps.db, { releases })).toBeGreaterThan(0);
    const stored = await listReleases(app.deps.db);
    expect(stored).toHaveLength(demoArtefacts.length);
    for (const artefact of demoArtefacts) {
      const release = stored.find((row) => row.target === artefact.target && row.arch === artefact.arch)!;
      expect(release).toMatchObject({
        version: DEMO_VERSION,
        url: `${BASE}${DEMO_DOWNLOADS_PATH}/${artefact.file}`,
        rollout: 100,
        withdrawnAt: null,
        pubDate: "2026-01-15T09:00:00.000Z",
      });
      const verified = verifyMinisign({ publicKey: tauriPublicKey(app.deps.demoReleaseKey), signature: release.signature, data: demoArtefactBytes(artefact) });
      expect(verified).toEqual({ ok: true, keyId: expect.any(String), trustedComment: `timestamp:1768467600\tfile:${artefact.file}` });
    }

    // Seeding again is a no-op, and a restart with the same master secret derives the same key and the same signatures.
    expect(await seedDemoCatalogue(app.deps.db, { releases })).toBe(0);
    const restarted = await createDeps({ db: app.deps.db, env: app.deps.env, log: createLogger("silent"), now: () => new Date() });
    expect(restarted.demoReleaseKey.keyId.equals(app.deps.demoReleaseKey.keyId)).toBe(true);
    expect(demoReleases(restarted.demoReleaseKey, restarted.env.PUBLIC_URL)).toEqual(releases);
    expect(await seedDemoCatalogue(restarted.db, { releases: demoReleases(restarted.demoReleaseKey, restarted.env.PUBLIC_URL) })).toBe(0);
    expect(await listReleases(app.deps.db)).toEqual(stored);
  });

  it("derives another key from another master secret, which the stored signatures do not verify with", async () => {
    const other = await createTestApp();
    try {
      expect(other.deps.demoReleaseKey.keyId.equals(app.deps.demoReleaseKey.keyId)).toBe(false);
      const [release] = await listReleases(app.deps.db);
      const artefact = demoArtefacts.find((a) => a.target === release!.target && a.arch === release!.arch)!;
      const verified = verifyMinisign({
        publicKey: tauriPublicKey(other.deps.demoReleaseKey),
        signature: release!.signature,
        data: demoArtefactBytes(artefact),
      });
      expect(verified.ok).toBe(false);
    } finally {
      await other.close();
    }
  });
});
