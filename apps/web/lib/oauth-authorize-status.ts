/**
 * server.ts's part of the authorization page (app/(site)/oauth/authorize): a
 * request refused on the site — an unknown client or an unregistered
 * redirect_uri — renders its error panel with status 400, not 200. Next
 * answers a page 200 or 404 only, so the status is changed as the head is
 * written, from the same reading of the query the page makes.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { readAuthorizationRequest } from "@streamkit/api";
import { oauthPaths } from "@streamkit/api-contract";

export function answerRefusedAuthorizationAs400(req: IncomingMessage, res: ServerResponse, issuer: string): void {
  if (req.method !== "GET" && req.method !== "HEAD") return;
  let url: URL;
  try {
    url = new URL(req.url ?? "/", "http://site.invalid");
  } catch {
    return; // Not an address the page could be reached at: Next answers it as any other.
  }
  if (url.pathname !== oauthPaths.authorize) return;
  // The query as the page's searchParams has it: a repeated parameter is an array.
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const earlier = query[name];
    query[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  if (readAuthorizationRequest(query, issuer).kind !== "refused") return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status === 200 ? 400 : status, ...rest);
  } as ServerResponse["writeHead"];
}
