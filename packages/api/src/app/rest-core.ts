/**
 * The REST core as this service assembles it: the router and raw routes of
 * every feature, the one caller resolver, the OpenAPI document and the
 * versions behind kept answers, handed to rest/handler.ts, which imports no
 * feature.
 */
import type { AnyRouter } from "@trpc/server";
import { resolveCaller } from "../accounts";
import { limitAddress } from "../shared/limits/index";
import { fxFor } from "../fx";
import { marketVersionOf } from "../market";
import { createRestCore as createCore, fetchHandlerOf, type RestCore, type RestHandler } from "../rest/handler";
import type { AnswerVersions } from "../rest/memo";
import type { RawRoute } from "../rest/raw";
import type { AppDeps } from "../shared/deps";
import { marketplaceVersionOf } from "../shared/marketplace-version";
import { buildOpenApiDocument } from "./openapi/document";

const answerVersions: AnswerVersions = {
  fx: async (deps) => (await fxFor(deps).current()).etag,
  marketplace: (deps) => marketplaceVersionOf(deps.db).current(),
  market: (deps) => marketVersionOf(deps.db).current(),
};

export function createRestCore(router: AnyRouter, deps: AppDeps, rawRoutes: RawRoute[] = []): RestCore {
  return createCore({
    router,
    deps,
    rawRoutes,
    resolveCaller,
    openApiDocument: () => buildOpenApiDocument(router, { baseUrl: deps.env.PUBLIC_URL, version: "1.0.0" }),
    answerVersions,
    limitAddress,
  });
}

/** The same core for fetch callers (the tests): fetch Request in, fetch Response out. */
export function createRestHandler(router: AnyRouter, deps: AppDeps, rawRoutes: RawRoute[] = []): RestHandler {
  return fetchHandlerOf(createRestCore(router, deps, rawRoutes));
}
