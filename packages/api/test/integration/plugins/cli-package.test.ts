/**
 * GET /cli/streamkit-plugin-cli.tgz: the author CLI's npm tarball, served by
 * the REST core (request id, HEAD, CORS) with an ETag of its bytes, 304 on
 * If-None-Match, public caching and its npm integrity string. A server
 * without the built tarball answers 404 in the envelope; a rebuilt one is
 * served at once. (The CLI's own tests install it from a running server.)
 */
import { createHash } from "node:crypto";
import { mkdtemp, readFile, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_TARBALL_PATH, cliPackageRoute, cliTarballFile } from "../../../src/plugins/cli-package-route";
import { createRestHandler } from "../../../src/app/rest-core";
import { appRouter } from "../../../src/app/router";
import { BASE, createTestApp, type TestApp } from "../../support/app";

let app: TestApp;

/** The files of a tar archive (ustar: a 512-byte header per file, its size in octal at 124, the name at 0 and its prefix at 345). */
function untar(archive: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  for (let at = 0; at + 512 <= archive.length && archive[at] !== 0; ) {
    const field = (start: number, length: number) =>
      archive
        .subarray(at + start, at + start + length)
        .toString("utf8")
        .replace(/\0.*$/s, "");
    const name = [field(345, 155), field(0, 100)].filter(Boolean).join("/");
    const size = Number.parseInt(field(124, 12).trim(), 8);
    files.set(name, archive.subarray(at + 512, at + 512 + size).toString("utf8"));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(() => app.close());

describe("GET /cli/streamkit-plugin-cli.tgz", () => {
  it("serves the packed CLI: gzip, an ETag of its bytes, npm's integrity, an hour of public caching", async () => {
    const onDisk = await readFile(cliTarballFile());
    const response = await app.raw(CLI_TARBALL_PATH);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(onDisk)).toBe(true);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="streamkit-plugin-cli.tgz"');
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("x-integrity")).toBe(`sha512-${createHash("sha512").update(onDisk).digest("base64")}`);
    // A real npm package: package/package.json names the CLI and its bin, and it depends on nothing.
    const files = untar(gunzipSync(bytes));
    expect([...files.keys()].sort()).toEqual([
      "package/README.md",
      "package/bin/streamkit-plugin.js",
      "package/dist/THIRD-PARTY-LICENSES.txt",
      "package/dist/cli.js",
      "package/package.json",
    ]);
    const manifest = JSON.parse(files.get("package/package.json")!);
    expect(manifest).toMatchObject({ name: "@streamkit/plugin-cli", bin: { "streamkit-plugin": "./bin/streamkit-plugin.js" } });
    expect(manifest).not.toHaveProperty("dependencies");

    const again = await app.raw(CLI_TARBALL_PATH, { headers: { "if-none-match": response.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(response.headers.get("etag"));
    expect(await again.text()).toBe("");

    const head = await app.raw(CLI_TARBALL_PATH, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("takes only GET and HEAD", async () => {
    const response = await app.raw(CLI_TARBALL_PATH, { method: "POST", body: "x" });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
  });

  it("answers 404 in the envelope while the tarball is not built, and serves a rebuilt one at once", async () => {
    const folder = await mkdtemp(join(tmpdir(), "streamkit-cli-tarball-"));
    const file = join(folder, "streamkit-plugin-cli.tgz");
    const handler = createRestHandler(appRouter, app.deps, [cliPackageRoute(file)]);
    const get = (headers: Record<string, string> = {}) => handler(new Request(`${BASE}${CLI_TARBALL_PATH}`, { headers }));

    const missing = await get();
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "not_found", message: expect.stringContaining("not built") } });

    await writeFile(file, "first build");
    const first = await get();
    expect(first.status).toBe(200);
    expect(await first.text()).toBe("first build");
    const etag = first.headers.get("etag")!;

    await writeFile(file, "second build");
    await utimes(file, new Date(), new Date(Date.now() + 5_000));
    const second = await get({ "if-none-match": etag });
    expect(second.status).toBe(200);
    expect(await second.text()).toBe("second build");
    expect(second.headers.get("etag")).not.toBe(etag);
  });
});
