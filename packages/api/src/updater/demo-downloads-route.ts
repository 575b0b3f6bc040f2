/**
 * GET /downloads/demo/{file}: the demo releases' artefacts (demo-artefacts.ts),
 * served by the REST core (request id, HEAD, the error envelope) like the CLI
 * tarball: an ETag of the bytes (If-None-Match → 304) and a day of public
 * caching, since the bytes of a name never change. Any other name is 404
 * not_found.
 */
import { createHash } from "node:crypto";
import { notFound } from "@streamkit/api-contract";
import { etagMatches } from "../rest/etag";
import type { RawRoute } from "../rest/raw";
import { DEMO_DOWNLOADS_PATH, demoArtefact, demoArtefactBytes, demoArtefacts } from "./demo-artefacts";

interface Served {
  bytes: Buffer;
  etag: string;
}

const served = new Map<string, Served>(
  demoArtefacts.map((artefact) => {
    const bytes = demoArtefactBytes(artefact);
    return [artefact.file, { bytes, etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"` }];
  }),
);

export const demoDownloadsRoute: RawRoute = {
  methods: ["GET"],
  path: `${DEMO_DOWNLOADS_PATH}/{file}`,
  auth: "none",
  async handle(input) {
    const file = input.params.file ?? "";
    const artefact = demoArtefact(file) ? served.get(file) : undefined;
    if (!artefact) {
      throw notFound(`No demo artefact is named "${file.slice(0, 80)}"; they are ${demoArtefacts.map((known) => known.file).join(", ")}.`);
    }
    const headers = {
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="${file}"`,
      "cache-control": "public, max-age=86400",
      etag: artefact.etag,
    };
    if (etagMatches(input.header("if-none-match"), artefact.etag)) return { status: 304, headers, body: null };
    return { status: 200, headers, body: artefact.bytes };
  },
};
