import type { AnyProcedure, AnyRouter } from "@trpc/server";
import type { Meta, RestMeta } from "../shared/trpc";

export interface RestRoute {
  method: string;
  /** The OpenAPI path template, e.g. /plugins/{slug}. */
  path: string;
  /** The template as a pattern whose named groups are its parameters. */
  pattern: RegExp;
  /** Static paths win over templated ones (/plugins/mine before /plugins/{slug}). */
  templated: boolean;
  rest: RestMeta;
  /** The procedure's path in the router (plugins.list) and the procedure itself: the core calls it directly. */
  procedurePath: string;
  procedure: AnyProcedure;
}

/** Every operation the router publishes under /api/v1, read from the procedures' OpenAPI meta. */
export function collectRoutes(router: AnyRouter): RestRoute[] {
  const routes: RestRoute[] = [];
  for (const [procedurePath, procedure] of Object.entries(router._def.procedures as Record<string, AnyProcedure>)) {
    const meta = procedure._def.meta as Meta | undefined;
    const openapi = meta?.openapi;
    if (!openapi || openapi.enabled === false) continue;
    const templated = openapi.path.includes("{");
    const source = openapi.path
      .split("/")
      .map((segment) => {
        const parameter = /^\{(.+)\}$/.exec(segment);
        return parameter ? `(?<${parameter[1]}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("/");
    routes.push({
      method: openapi.method,
      path: openapi.path,
      pattern: new RegExp(`^${source}$`),
      templated,
      rest: meta?.rest ?? {},
      procedurePath,
      procedure,
    });
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
