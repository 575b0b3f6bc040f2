import type { AnyRouter } from "@trpc/server";
import type { Meta, RestMeta } from "../shared/trpc";

export interface RestRoute {
  method: string;
  /** The OpenAPI path template, e.g. /plugins/{slug}. */
  path: string;
  pattern: RegExp;
  /** Static paths win over templated ones (/plugins/mine before /plugins/{slug}). */
  templated: boolean;
  rest: RestMeta;
}

/** Every operation the router publishes under /api/v1, read from the procedures' OpenAPI meta. */
export function collectRoutes(router: AnyRouter): RestRoute[] {
  const routes: RestRoute[] = [];
  for (const procedure of Object.values(router._def.procedures as Record<string, { _def: { meta?: Meta } }>)) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi || openapi.enabled === false) continue;
    const templated = openapi.path.includes("{");
    const source = openapi.path
      .split("/")
      .map((segment) => (/^\{.+\}$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    routes.push({ method: openapi.method, path: openapi.path, pattern: new RegExp(`^${source}$`), templated, rest: procedure._def.meta?.rest ?? {} });
  }
  return routes.sort((a, b) => Number(a.templated) - Number(b.templated));
}

export function matchRoute(routes: RestRoute[], method: string, path: string): RestRoute | undefined {
  return routes.find((route) => route.method === method && route.pattern.test(path));
}

/** The routes of one path, whatever their method (for OPTIONS). */
export function routesAt(routes: RestRoute[], path: string): RestRoute[] {
  return routes.filter((route) => route.pattern.test(path));
}
