/**
 * The server's memory budget (docs/operations.md#memory): every cache a process keeps, full at once and counted in
 * heap bytes, stays under 40 % of the old generation the start script allows; the code's own heap (about 200 MiB,
 * measured from a heap snapshot) and the requests being answered have the rest. A new cache, or a larger bound, must fit here.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { anonymousBrowsing, marketAnswers } from "@streamkit/api-contract";
import { expect, it } from "vitest";
import { sessionClaimsLimits } from "../../src/accounts/session-claims";
import { DRAWING_CACHE_LIMITS } from "../../src/overlays/drawings";
import { THUMBNAIL_LIMITS } from "../../src/overlays/thumbnails";
import { FX_ANSWER_CACHE_LIMITS } from "../../src/rest/memo";

const MiB = 1024 * 1024;
const web = (file: string) => readFileSync(fileURLToPath(new URL(`../../../../apps/web/${file}`, import.meta.url)), "utf8");

it("keeps every cache together under 40 % of the heap the start script allows", async () => {
  const heapLimitMiB = Number(/--max-old-space-size=(\d+)/.exec(JSON.parse(web("package.json")).scripts.start)![1]);
  expect(heapLimitMiB).toBe(512);
  // Next counts a page copy's HTML in characters, up to two heap bytes each.
  const nextCopies = (await import("../../../../apps/web/next.config")).default.cacheMaxMemorySize!;
  const caches = {
    nextPageCopies: 2 * nextCopies,
    anonymousAnswers: anonymousBrowsing.maxBytes,
    exchangeRateAnswers: FX_ANSWER_CACHE_LIMITS.maxBytes,
    marketAnswers: marketAnswers.maxBytes,
    marketPreviews: marketAnswers.maxPreviewBytes,
    overlayDrawings: DRAWING_CACHE_LIMITS.maxBytes,
    overlayThumbnails: THUMBNAIL_LIMITS.maxBytes,
    sessionClaims: sessionClaimsLimits.maxBytes,
  };
  const total = Object.values(caches).reduce((sum, bytes) => sum + bytes, 0) / MiB;
  console.info(`memory budget: caches ${total} MiB of a ${heapLimitMiB} MiB heap`, caches);
  expect(total).toBeLessThanOrEqual(heapLimitMiB * 0.4);
});
