/**
 * The website's pages rendered for the request — everything apps/web/server.ts
 * does not answer with a cached copy, Next's own files aside: searches,
 * signed-in pages, pages not found, form posts — counted per client address
 * (rateLimits.pageViews, PAGE_VIEW_LIMIT_PER_MINUTE) as every per-address
 * limit of keyless work (shared/limits): in the process's memory,
 * so counting costs no database statement, and cached pages, which are cheap,
 * are not counted at all. Past the limit a short page says so, with 429 and
 * Retry-After, instead of a render.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { rateLimits, windowName } from "@streamkit/api-contract";
import type { AppDeps } from "../shared/deps";
import { writePlainPage } from "./plain-page";
import { lowerCase } from "../rest/results";
import { hitAddressLimit } from "../shared/limits/index";
import { rateLimitHeaders } from "../shared/limits/window";

/** Counts one page rendered for `address`; past the limit, answers the 429 page and returns false. */
export function admitPageView(deps: AppDeps, req: IncomingMessage, res: ServerResponse, address: string): boolean {
  const decision = hitAddressLimit(deps, "pageViews", address);
  if (decision.allowed) return true;
  const seconds = `${decision.retryAfter} second${decision.retryAfter === 1 ? "" : "s"}`;
  writePlainPage(req, res, {
    status: 429,
    title: "Too many pages from your address",
    paragraphs: [
      `This address asked for more than ${decision.limit} pages a ${windowName(rateLimits.pageViews.windowSeconds)} that are put together for each visit (searches, account pages, pages not found), so the next ones wait a moment. The marketplace's front pages are still open.`,
      `Please try again in ${seconds}.`,
    ],
    headers: { "retry-after": String(decision.retryAfter), ...lowerCase(rateLimitHeaders(decision)) },
  });
  return false;
}
