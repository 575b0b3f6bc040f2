/**
 * Signed packages (docs/plugins.md#signed-packages): a publish stores a
 * minisign signature of the canonical digest, the package carries it and it
 * verifies against the key published at /plugin-signing-keys; rotation keeps
 * old signatures verifiable; a revoked key's versions are re-signed; versions
 * from before signing are signed at their first download.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { plugins, pluginVersions } from "@streamkit/db";
import { digestHex, packageDigest, signedContentOf } from "@streamkit/plugin-rules/package-digest";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureActiveSigningKey, pluginSigningKeys, signingKeyCommands } from "../../../src/plugins";
import { keyIdHex, verifyMinisign } from "../../../src/shared/minisign";
import { signingKeyFromSeed } from "../../../src/plugins/signing/private-keys";
import { createTestApp, type TestApp } from "../../support/app";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { jsonPost, publishBody } from "../../support/packages";

const seeds = [randomBytes(32).toString("base64"), randomBytes(32).toString("base64"), randomBytes(32).toString("base64")];
const [first, second, third] = seeds.map((seed) => keyIdHex(signingKeyFromSeed(seed).keyId));
let app: TestApp;

/** The real minisign binary: CI installs it (.ci/run, the workflow); missing, the test fails saying so. */
function minisign(args: string[]) {
  const run = spawnSync("minisign", args, { encoding: "utf8" });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") {
    throw new Error("The minisign binary is not installed: `apt-get install -y minisign` (Debian), as .ci/run does.");
  }
  return run;
}
let author: { id: string; key: string };

const command = (name: string, flags: Record<string, string>) => signingKeyCommands[name]!.run(app.deps, flags);
const download = async (slug: string, key = author.key) => {
  const { status, body } = await app.json(`/plugins/${slug}/package`, { headers: bearer(key) });
  expect(status).toBe(200);
  return body;
};
const keys = async () => (await app.json("/plugin-signing-keys")).body.keys as { keyId: string; publicKey: string; status: string }[];

/** Verifies a package as the app does: the digest from the files' plugin.json and publisherId, the signature with the listed key. */
async function verifies(pkg: any) {
  const content = signedContentOf(pkg);
  expect(digestHex(packageDigest(content))).toBe(pkg.digest);
  const key = (await keys()).find((k) => k.keyId === pkg.keyId);
  expect(key?.status).not.toBe("revoked");
  return verifyMinisign({ publicKey: key!.publicKey, signature: pkg.signature, data: packageDigest(content) });
}

beforeAll(async () => {
  app = await createTestApp({ env: { PLUGIN_SIGNING_KEYS: `${seeds[0]}, ${seeds[1]}` } });
  const account = await insertAccount(app.deps.db, { name: "Signer", plan: "pro" });
  author = { id: account.id, key: (await insertKey(app.deps.db, account.id)).key };
});
afterAll(() => app.close());

describe("publish → a signed package", () => {
  it("carries the digest, its algorithm, the publisher id, the signature and the key id, and verifies", async () => {
    const created = await app.json(
      "/plugins",
      jsonPost(publishBody({ id: "signed-one", permissions: ["ui.notify"], optional_permissions: ["network"] }), bearer(author.key)),
    );
    expect(created.status).toBe(201);
    const pkg = await download("signed-one");
    expect(pkg).toMatchObject({ publisherId: author.id, digestAlgorithm: "streamkit-plugin-package-v1+sha256", keyId: first });
    expect(pkg.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifies(pkg)).toEqual({
      ok: true,
      keyId: first,
      trustedComment: `plugin:signed-one\tversion:1.0.0\tdigest:sha256:${pkg.digest}\tkey:${first}`,
    });
  });

  it("does not verify once a byte of a file or a permission changes", async () => {
    const pkg = await download("signed-one");
    const key = (await keys()).find((k) => k.keyId === pkg.keyId)!;
    const tampered = { ...pkg, files: pkg.files.map((f: any) => (f.path === "main.lua" ? { ...f, content: `${f.content} ` } : f)) };
    expect(verifyMinisign({ publicKey: key.publicKey, signature: pkg.signature, data: packageDigest(signedContentOf(tampered)) }).ok).toBe(false);
    const widened = {
      ...pkg,
      files: pkg.files.map((f: any) => (f.path === "plugin.json" ? { ...f, content: f.content.replace('"ui.notify"', '"ui.notify", "ai"') } : f)),
    };
    expect(verifyMinisign({ publicKey: key.publicKey, signature: pkg.signature, data: packageDigest(signedContentOf(widened)) }).ok).toBe(false);
  });
});

describe("the standard tool", () => {
  it("`minisign -V` verifies the package's digest bytes with the published public key, and refuses a changed digest", async () => {
    const pkg = await download("signed-one");
    const key = (await keys()).find((k) => k.keyId === pkg.keyId)!;
    const dir = await mkdtemp(join(tmpdir(), "streamkit-minisign-"));
    const digestFile = join(dir, "package.digest");
    await writeFile(digestFile, packageDigest(signedContentOf(pkg)));
    await writeFile(`${digestFile}.minisig`, pkg.signature);
    const publicKeyLine = key.publicKey.split("\n")[1]!;
    const good = minisign(["-V", "-P", publicKeyLine, "-m", digestFile]);
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toContain("Signature and comment signature verified");
    expect(good.stdout).toContain(`Trusted comment: plugin:signed-one\tversion:1.0.0\tdigest:sha256:${pkg.digest}\tkey:${pkg.keyId}`);
    // The public key file as the keys endpoint gives it works with -p too.
    await writeFile(join(dir, "streamkit.pub"), key.publicKey);
    expect(minisign(["-V", "-p", join(dir, "streamkit.pub"), "-m", digestFile]).status).toBe(0);
    const changed = Buffer.from(packageDigest(signedContentOf(pkg)));
    changed[0] = changed[0]! ^ 1;
    await writeFile(digestFile, changed);
    const bad = minisign(["-V", "-P", publicKeyLine, "-m", digestFile]);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain("Signature verification failed");
  });
});

describe("GET /api/v1/plugin-signing-keys", () => {
  it("lists the active key with its minisign public key, no key needed, cacheable with an ETag", async () => {
    const response = await app.request("/plugin-signing-keys");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const body = await response.json();
    expect(body.keys).toEqual([
      {
        keyId: first,
        publicKey: expect.stringMatching(new RegExp(`^untrusted comment: minisign public key ${first}\\nRW[A-Za-z0-9+/]{54}\\n$`)),
        status: "active",
        createdAt: expect.stringMatching(/Z$/),
        retiredAt: null,
        revokedAt: null,
        revokedReason: null,
      },
    ]);
    const again = await app.request("/plugin-signing-keys", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});

describe("rotation, retirement and revocation", () => {
  it("rotate: the new key signs new versions, the old one is retired and still verifies what it signed", async () => {
    expect(await command("plugin-key rotate", { "key-id": second! })).toMatchObject({
      active: { keyId: second, status: "active" },
      retired: { keyId: first, status: "retired" },
    });
    expect(await app.json("/plugins", jsonPost(publishBody({ id: "signed-two" }), bearer(author.key)))).toMatchObject({ status: 201 });
    const newer = await download("signed-two");
    expect(newer.keyId).toBe(second);
    expect((await verifies(newer)).ok).toBe(true);
    const older = await download("signed-one");
    expect(older.keyId).toBe(first);
    expect((await verifies(older)).ok).toBe(true);
    expect((await keys()).map((k) => [k.keyId, k.status])).toEqual([
      [second, "active"],
      [first, "retired"],
    ]);
  });

  it("refuses to rotate to a key this process does not hold, or to revoke or retire the active key", async () => {
    await expect(command("plugin-key rotate", { "key-id": third! })).rejects.toThrow(`Key ${third} is not in this process's PLUGIN_SIGNING_KEYS`);
    await expect(command("plugin-key revoke", { "key-id": second! })).rejects.toThrow("is the active key: rotate to another first");
    await expect(command("plugin-key retire", { "key-id": second! })).rejects.toThrow("is the active key");
    await expect(command("plugin-key retire", { "key-id": "ABCDEF" })).rejects.toThrow("No plugin signing key ABCDEF");
    await expect(command("plugin-key retire", { "key-id": "not hex" })).rejects.toThrow("--key-id must be a key id");
    expect(await command("plugin-key retire", { "key-id": first! })).toMatchObject({ key: { keyId: first, status: "retired" } });
  });

  it("revoke: the key is listed as revoked with its reason, and what it signed is re-signed with the active key", async () => {
    const result = await command("plugin-key revoke", { "key-id": first!, reason: "Leaked in a backup." });
    expect(result).toMatchObject({ key: { keyId: first, status: "revoked", revokedReason: "Leaked in a backup." }, resigned: 1 });
    const listed = (await keys()).find((k) => k.keyId === first)!;
    expect(listed).toMatchObject({ status: "revoked", revokedAt: expect.stringMatching(/Z$/) });
    const pkg = await download("signed-one");
    expect(pkg.keyId).toBe(second);
    expect((await verifies(pkg)).ok).toBe(true);
    await expect(command("plugin-key rotate", { "key-id": first! })).rejects.toThrow("is revoked; it never signs again");
    await expect(command("plugin-key retire", { "key-id": first! })).rejects.toThrow("it stays revoked");
  });

  it("serves no signature of a revoked key even when its re-signing was cut short", async () => {
    const [stale] = await app.deps.db
      .update(pluginVersions)
      .set({ signingKeyId: first, signature: "stale" })
      .where(eq(pluginVersions.version, "1.0.0"))
      .returning({ id: pluginVersions.id });
    expect(stale).toBeDefined();
    const pkg = await download("signed-one");
    expect(pkg.keyId).toBe(second);
    expect((await verifies(pkg)).ok).toBe(true);
  });
});

describe("versions published before signing existed", () => {
  it("are signed at their first download, and two concurrent first downloads agree", async () => {
    await insertPlugin(app.deps.db, { slug: "unsigned-old", ownerId: author.id });
    const [before] = await app.deps.db
      .select({ signature: pluginVersions.signature })
      .from(pluginVersions)
      .innerJoin(plugins, eq(plugins.id, pluginVersions.pluginId))
      .where(eq(plugins.slug, "unsigned-old"));
    expect(before?.signature).toBeNull();
    // Another account downloads: the author's key has spent much of its per-minute allowance in this file.
    const reader = await insertAccount(app.deps.db, { name: "Reader", plan: "pro" });
    const { key } = await insertKey(app.deps.db, reader.id);
    const [one, two] = await Promise.all([download("unsigned-old", key), download("unsigned-old", key)]);
    expect(one.signature).toBe(two.signature);
    expect(one.keyId).toBe(second);
    expect((await verifies(one)).ok).toBe(true);
  });
});

describe("the development default key", () => {
  it("is derived from the master secret, and a changed master secret rotates to its new key at start", async () => {
    const master = { keys: [randomBytes(32).toString("base64url")], source: "SECRET_KEY" as const };
    const held = pluginSigningKeys({}, master);
    expect(held.source).toBe("default");
    expect(pluginSigningKeys({}, master).keys[0]!.publicKey).toEqual(held.keys[0]!.publicKey);
    const before = (await keys()).find((k) => k.status === "active")!;
    // A server started with the default key while another key is active (the master secret changed).
    await ensureActiveSigningKey({ ...app.deps, pluginSigningKeys: held });
    const derived = keyIdHex(held.keys[0]!.keyId);
    expect((await keys()).map((k) => [k.keyId, k.status])).toEqual(
      expect.arrayContaining([
        [derived, "active"],
        [before.keyId, "retired"],
      ]),
    );
  });
});
