import "server-only";
import { randomUUID } from "node:crypto";
import { type AccountCaller, appRouter, CLIENT_ADDRESS_HEADER, createCallerFactory, createContext, getRuntime } from "@streamkit/api";
import { headers } from "next/headers";
import { cache } from "react";
import { currentCaller } from "./auth";

const createCaller = createCallerFactory(appRouter);

/** The routers, called in-process: what a page reads through. */
export type PageApi = ReturnType<typeof createCaller>;

async function callerAs(caller: AccountCaller | undefined, clientAddress: string | undefined): Promise<PageApi> {
  const runtime = await getRuntime();
  return createCaller(createContext({ deps: runtime.deps, requestId: randomUUID(), surface: "web", caller, clientAddress, countQueries: false }));
}

/**
 * The website's server-side API: the same routers as /api/v1, called in-process as the signed-in visitor.
 * A page's reads are a page view, not counted against the website's per-minute limit; its form submissions are.
 * One per request (React's cache), however many components of the page read through it.
 */
export const api = cache(async (): Promise<PageApi> => {
  // Request data first (it makes the page dynamic, so prerendering stops before the database opens), then the runtime.
  const caller = (await currentCaller()) ?? undefined;
  const clientAddress = (await headers()).get(CLIENT_ADDRESS_HEADER) ?? undefined;
  return callerAs(caller, clientAddress);
});

/** The same routers as a signed-out visitor, reading nothing from the request: for the cached pages (lib/cached-pages.ts). */
export function anonymousApi(): Promise<PageApi> {
  return callerAs(undefined, undefined);
}
