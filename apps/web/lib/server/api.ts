import "server-only";
import { randomUUID } from "node:crypto";
import { appRouter, CLIENT_ADDRESS_HEADER, createCallerFactory, createContext, getRuntime } from "@streamkit/api";
import { headers } from "next/headers";
import { currentCaller } from "./auth";

const createCaller = createCallerFactory(appRouter);

/**
 * The website's server-side API: the same routers as /api/v1, called in-process as the signed-in visitor.
 * A page's reads are a page view, not counted against the website's per-minute limit; its form submissions are.
 */
export async function api() {
  // Request data first (it makes the page dynamic, so prerendering stops before the database opens), then the runtime.
  const caller = (await currentCaller()) ?? undefined;
  const clientAddress = (await headers()).get(CLIENT_ADDRESS_HEADER) ?? undefined;
  const runtime = await getRuntime();
  return createCaller(createContext({ deps: runtime.deps, requestId: randomUUID(), surface: "web", caller, clientAddress, countQueries: false }));
}
