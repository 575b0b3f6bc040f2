/**
 * Serving the library's pictures and sounds (docs/overlays.md#pictures-and-the-asset-library):
 * GET /api/assets/<sha256>.<ext>, public like the OBS browser source's feed,
 * since the browser source and the editor draw them with plain <img> (and the
 * editor previews sounds with <audio>; the OBS source plays an alert's sound
 * from its token's route, overlays/source-sound-route.ts). Only a content some
 * asset holds, in the type the extension names, is answered; anything else is 404.
 * How the bytes are answered (immutable, the CSP, the kept bytes) is shared/served-blobs.ts;
 * the resource policy lets only the site's own pages embed them.
 */
import { AppError, type AssetContentType, assetTypes } from "@streamkit/api-contract";
import type { RawRoute } from "../rest/raw";
import { serveBlob, servedBlobHeaders } from "../shared/served-blobs";
import { findServedAsset } from "./assets";

const typeOfExtension = Object.fromEntries(Object.entries(assetTypes).map(([type, ext]) => [ext, type])) as Record<string, AssetContentType>;
const fileName = /^([0-9a-f]{64})\.([a-z0-9]{3,4})$/;

export const assetServingHeaders = servedBlobHeaders("same-origin");

export const assetServeRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/assets/{file}",
  auth: "none",
  async handle(input, context) {
    const file = input.params.file ?? "";
    const match = fileName.exec(file);
    const contentType = match ? typeOfExtension[match[2]!] : undefined;
    const unknown = () => new AppError("not_found", `No picture at /api/assets/${file.slice(0, 80)}.`);
    if (!match || !contentType) throw unknown();
    const key = match[1]!;
    const found = await findServedAsset(context.deps.db, key, contentType);
    if (!found) throw unknown();
    return serveBlob(input, context.deps, { key, contentType, size: found.size }, assetServingHeaders);
  },
};
