/**
 * GET /cli/streamkit-plugin-cli.tgz: the author CLI as an npm tarball, the
 * `npm pack` of packages/cli (built by its build script into
 * packages/cli/pack/), so authors run `npx <site>/cli/streamkit-plugin-cli.tgz`
 * or `npm install -g <that address>` with nothing published to a registry.
 * The bundle has no dependencies, so the install needs no registry either.
 * Read once and kept (it is ~150 kB); a rebuilt tarball is picked up by its
 * modification time. An ETag of its bytes (If-None-Match → 304), an hour of
 * public caching, and its SHA-512 as npm's `integrity` string in a header.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { AppError } from "@streamkit/api-contract";
import { etagMatches } from "../rest/etag";
import type { RawRoute } from "../rest/raw";

export const CLI_TARBALL_PATH = "/cli/streamkit-plugin-cli.tgz";

interface Tarball {
  mtimeMs: number;
  bytes: Uint8Array;
  etag: string;
  integrity: string;
}

/** Where packages/cli's build leaves the tarball: resolved through the workspace link, so it holds from source and from the bundled server. */
export function cliTarballFile(): string {
  const cliPackage = createRequire(import.meta.url).resolve("@streamkit/plugin-cli/package.json");
  return join(dirname(cliPackage), "pack", "streamkit-plugin-cli.tgz");
}

export function cliPackageRoute(file: string = cliTarballFile()): RawRoute {
  let kept: Tarball | null = null;
  async function current(): Promise<Tarball | null> {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    if (kept?.mtimeMs === info.mtimeMs) return kept;
    const bytes = new Uint8Array(await readFile(file));
    const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
    const integrity = `sha512-${createHash("sha512").update(bytes).digest("base64")}`;
    kept = { mtimeMs: info.mtimeMs, bytes, etag, integrity };
    return kept;
  }
  return {
    methods: ["GET"],
    path: CLI_TARBALL_PATH,
    auth: "none",
    cors: true,
    async handle(input) {
      const tarball = await current();
      if (!tarball) {
        throw new AppError("not_found", "The author CLI package is not built on this server (`npm run build -w @streamkit/plugin-cli` builds it).");
      }
      const headers = {
        "content-type": "application/gzip",
        "content-disposition": 'attachment; filename="streamkit-plugin-cli.tgz"',
        "cache-control": "public, max-age=3600",
        etag: tarball.etag,
        "x-integrity": tarball.integrity,
      };
      if (etagMatches(input.header("if-none-match"), tarball.etag)) return { status: 304, headers, body: null };
      return { status: 200, headers, body: tarball.bytes };
    },
  };
}
