import { AppError, isUuid, notFound } from "@streamkit/api-contract";
import { accountDisabled } from "../shared/auth-errors";
import { countRequest } from "../shared/limits/index";
import type { RawRoute } from "../rest/raw";
import { etagMatches } from "../rest/etag";
import { overlayThumbnail } from "./thumbnails";

/**
 * GET /api/overlays/{overlayId}/thumbnail?rev=N: My overlays' picture of a revision (thumbnails.ts), for the signed-in
 * owner. The address names the rev, whose drawing never changes: kept by the browser for a year, private to it.
 * Nothing in it runs or loads (an SVG shown as an image, with a CSP that allows nothing but its inline styles).
 */
export const overlayThumbnailRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/overlays/{overlayId}/thumbnail",
  auth: "session",
  async handle(input, context) {
    if (context.caller.kind !== "account") throw new AppError("unauthorized", "Sign in on the website to see your overlays' thumbnails.");
    if (context.caller.account.suspended) throw accountDisabled();
    await countRequest(context);
    const overlayId = input.params.overlayId!;
    const revText = input.url.searchParams.get("rev") ?? "";
    if (!/^[1-9][0-9]{0,8}$/.test(revText)) throw new AppError("bad_request", "rev must be a revision number (1 or more), e.g. ?rev=3.", { field: "rev" });
    if (!isUuid(overlayId)) throw notFound("No such overlay of yours.");
    const svg = await overlayThumbnail(context.deps, context.caller, overlayId.toLowerCase(), Number(revText));
    const etag = `"${overlayId.toLowerCase()}.${revText}"`;
    const headers = {
      "content-type": "image/svg+xml; charset=utf-8",
      "content-security-policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
      "x-content-type-options": "nosniff",
      "cache-control": "private, max-age=31536000, immutable",
      etag,
    };
    if (etagMatches(input.header("if-none-match"), etag)) return { status: 304, headers, body: null };
    return { status: 200, headers, body: svg };
  },
};
