/**
 * A fresh start with the demo data (DEMO_DATA=auto, as `npm start` does) in a
 * real server process: the updater offers an app at 0.1.0 the demo release
 * on each of the four demo platforms, the release's url is served by the same
 * server, and its signature verifies against the demo public key the website
 * shows, byte for byte (a flipped byte does not). A restart with the same
 * master secret adds nothing and signs nothing differently.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseHandle } from "@streamkit/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_VERSION, demoArtefacts } from "../../../src/updater/demo-artefacts";
import { verifyMinisign } from "../../../src/shared/minisign";
import { createTestDatabase } from "../../support/database";
import { type ServerProcess, startServerProcess } from "../../support/server-process";

const PUBLIC_URL = "https://streamkit.example";
let database: DatabaseHandle | undefined;
let env: Record<string, string>;
let server: ServerProcess;

beforeAll(async () => {
  if (process.env.TEST_DB === "postgres") {
    database = await createTestDatabase();
    env = { DATABASE_URL: database.url! };
  } else {
    env = { DATA_DIR: mkdtempSync(join(tmpdir(), "streamkit-demo-releases-")) };
  }
  server = await startServerProcess({ ...env, DEMO_DATA: "auto", PUBLIC_URL });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.close();
});

interface Update {
  version: string;
  url: string;
  signature: string;
  notes: string;
  pub_date: string;
}

const update = async (path: string) => {
  const response = await fetch(`${server.url}/api/app/update/${path}`);
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as Update) : undefined };
};

/** What the website's /download page reads (its procedure through /api/trpc, signed out). */
async function downloads() {
  const response = await fetch(`${server.url}/api/trpc/releases.downloads`);
  expect(response.status).toBe(200);
  return (await response.json()).result.data as {
    releases: { id: string; target: string; arch: string; version: string; demo: boolean }[];
    demoPublicKey: { keyId: string; text: string; tauri: string };
  };
}

/** The artefact's bytes, through the same server (the url names the public address). */
async function bytesOf(url: string): Promise<Buffer> {
  expect(url.startsWith(`${PUBLIC_URL}/downloads/demo/`)).toBe(true);
  const response = await fetch(`${server.url}${new URL(url).pathname}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe("a fresh start with the demo data", () => {
  it.each(demoArtefacts.map((artefact) => [`${artefact.target}/${artefact.arch}`, artefact] as const))(
    "offers %s at 0.1.0 the signed demo release, whose bytes verify against the demo public key",
    async (platform, artefact) => {
      const { status, body } = await update(`${platform}/0.1.0`);
      expect(status).toBe(200);
      expect(body).toEqual({
        version: DEMO_VERSION,
        url: `${PUBLIC_URL}/downloads/demo/${artefact.file}`,
        signature: expect.any(String),
        notes: expect.stringContaining("Demo release"),
        pub_date: "2026-01-15T09:00:00.000Z",
        channel: "stable",
        required: false,
        minimumVersion: null,
        rollback: false,
      });
      const signatureText = Buffer.from(body!.signature, "base64").toString();
      expect(signatureText.split("\n")[2]).toBe(`trusted comment: timestamp:1768467600\tfile:${artefact.file}`);

      const { demoPublicKey } = await downloads();
      expect(Buffer.from(demoPublicKey.tauri, "base64").toString()).toBe(demoPublicKey.text);
      expect(demoPublicKey.text).toMatch(new RegExp(`^untrusted comment: minisign public key: ${demoPublicKey.keyId}\\n[A-Za-z0-9+/]{56}\\n$`));

      const bytes = await bytesOf(body!.url);
      expect(verifyMinisign({ publicKey: demoPublicKey.tauri, signature: body!.signature, data: bytes })).toEqual({
        ok: true,
        keyId: demoPublicKey.keyId,
        trustedComment: `timestamp:1768467600\tfile:${artefact.file}`,
      });
      const flipped = Buffer.from(bytes);
      flipped[flipped.length >> 1]! ^= 0x20;
      expect(verifyMinisign({ publicKey: demoPublicKey.tauri, signature: body!.signature, data: flipped }).ok).toBe(false);

      expect((await update(`${platform}/${DEMO_VERSION}`)).status).toBe(204);
    },
  );

  it("offers nothing on the platforms without a demo build", async () => {
    for (const platform of ["linux/aarch64", "windows/i686", "linux/armv7"]) expect((await update(`${platform}/0.1.0`)).status, platform).toBe(204);
  });

  it("lists the four demo releases on /download, marked as demo", async () => {
    const { releases } = await downloads();
    expect(releases.map((r) => `${r.target}/${r.arch} ${r.version} ${r.demo}`)).toEqual(
      demoArtefacts.map((artefact) => `${artefact.target}/${artefact.arch} ${DEMO_VERSION} true`),
    );
  });

  it("is the same after a restart: no release added, none signed differently, the same public key", async () => {
    const before = await downloads();
    const offered = await Promise.all(demoArtefacts.map((a) => update(`${a.target}/${a.arch}/0.1.0`)));
    await server.stop();
    server = await startServerProcess({ ...env, DEMO_DATA: "auto", PUBLIC_URL });
    expect(await downloads()).toEqual(before);
    expect(await Promise.all(demoArtefacts.map((a) => update(`${a.target}/${a.arch}/0.1.0`)))).toEqual(offered);
  }, 120_000);
});
