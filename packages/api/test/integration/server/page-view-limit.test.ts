import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveCaller } from "../../../src/accounts/principal";
import { createContext } from "../../../src/shared/context";
import { toAppError } from "../../../src/shared/error-mapping";
import { appRouter } from "../../../src/app/router";
import { createCallerFactory } from "../../../src/shared/trpc";
import { createTestApp, type TestApp } from "../../support/app";
import { insertAccount } from "../../support/factories";
import { sessionCookie } from "../../support/session";

/**
 * The website's server components call the routers in-process. A page's reads
 * are a page view, not an API call: they are not counted against the website's
 * per-minute limit (a fast reader, or a page with several reads, never gets a
 * broken page); its form submissions (mutations) are, like /api/trpc's calls.
 */
const LIMIT = 3;
let app: TestApp;
const createCaller = createCallerFactory(appRouter);

beforeAll(async () => {
  app = await createTestApp({ env: { WEB_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
});
afterAll(async () => app?.close());

async function websiteCaller(countQueries: boolean) {
  const account = await insertAccount(app.deps.db, { plan: "pro" });
  const caller = await resolveCaller(app.deps, { surface: "web", cookie: await sessionCookie(app, account.id) });
  expect(caller).toMatchObject({ kind: "account", channel: "web" });
  return () => createCaller(createContext({ deps: app.deps, requestId: "test", surface: "web", caller, countQueries }));
}

const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: unknown) => toAppError(error, "body").code,
  );

describe("page views and the website's limit", () => {
  it("a page's reads are not counted, however many", async () => {
    const page = await websiteCaller(false);
    for (let view = 0; view < LIMIT * 3; view++) expect(await codeOf(page().keys.list())).toBe("ok");
  });

  it("a page's form submissions are counted: past the limit, 429 rate_limited", async () => {
    const page = await websiteCaller(false);
    const results: string[] = [];
    for (let submit = 0; submit <= LIMIT; submit++) results.push(await codeOf(page().keys.create({ name: `key ${submit}`, scopes: ["plugins:read"] })));
    expect(results).toEqual([...Array<string>(LIMIT).fill("ok"), "rate_limited"]);
  });

  it("outside a page (the default) reads are counted too", async () => {
    const call = await websiteCaller(true);
    const results: string[] = [];
    for (let read = 0; read <= LIMIT; read++) results.push(await codeOf(call().keys.list()));
    expect(results).toEqual([...Array<string>(LIMIT).fill("ok"), "rate_limited"]);
  });
});
