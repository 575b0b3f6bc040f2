/**
 * Guessing limits of /device (docs/desktop.md): wrong user codes are counted
 * per account and per client address, exactly under concurrent guesses, and
 * right codes use none of the allowance. The page calls the routers
 * in-process with the visitor's address (apps/web/lib/server/api.ts), as here.
 */
import { randomUUID } from "node:crypto";
import { deviceFlowLimits, rateLimits } from "@streamkit/api-contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appRouter } from "../../../src/app/router";
import { createContext } from "../../../src/shared/context";
import { toAppError } from "../../../src/shared/error-mapping";
import { createCallerFactory } from "../../../src/shared/trpc";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { webCaller } from "../../support/commerce";
import { insertAccount } from "../../support/factories";
import { decideDevice, discover, type oauth, openDevice, startDevice } from "../../support/oauth-client";

let app: TestApp;
let as: oauth.AuthorizationServer;
const clock = new TestClock();
const createCaller = createCallerFactory(appRouter);

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  as = await discover(app);
});
afterAll(() => app.close());
beforeEach(() => clock.advance(rateLimits.deviceCodeAccount.windowSeconds * 1000));

/** A code of the right shape that no device holds (the alphabet's first letters, numbered in base 20). */
function wrongCode(n: number): string {
  const alphabet = deviceFlowLimits.userCodeAlphabet;
  let code = "";
  for (let rest = n, i = 0; i < 8; i++, rest = Math.floor(rest / alphabet.length)) code = alphabet[rest % alphabet.length] + code;
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The /device page's call as the visitor at `address`: the answer's status, or the refusal's code and headers. */
async function lookupFrom(accountId: string, address: string, userCode: string) {
  const api = createCaller(
    createContext({ deps: app.deps, requestId: randomUUID(), surface: "web", caller: await webCaller(app, accountId), clientAddress: address }),
  );
  try {
    await api.oauth.deviceLookup({ userCode });
    return { code: "ok" as const, headers: {} as Record<string, string> };
  } catch (error) {
    const known = toAppError(error);
    return { code: known.code, headers: known.headers ?? {}, message: known.message };
  }
}

describe("wrong codes per account", () => {
  it(`allows ${rateLimits.deviceCodeAccount.limit} in ${rateLimits.deviceCodeAccount.windowSeconds / 60} minutes, exactly under a concurrent burst; past them even a right code waits`, async () => {
    const account = (await insertAccount(app.deps.db, { plan: "pro" })).id;
    const limit = rateLimits.deviceCodeAccount.limit;
    const answers = await Promise.all(Array.from({ length: limit + 5 }, (_, i) => openDevice(app, account, wrongCode(i))));
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(limit);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.error).toEqual({ code: "rate_limited", message: expect.stringMatching(/^Too many wrong codes; retry in \d+ seconds?\.$/) });

    const device = await startDevice(app, as);
    expect((await openDevice(app, account, device.user_code)).status).toBe(429);
    // Another account is not held back by this one's guesses (its own address aside: every call here shares one).
    const other = (await insertAccount(app.deps.db, { plan: "pro" })).id;
    expect((await lookupFrom(other, "198.51.100.7", device.user_code)).code).toBe("ok");
    // The next window lets the account try again.
    clock.advance(rateLimits.deviceCodeAccount.windowSeconds * 1000);
    expect((await openDevice(app, account, (await startDevice(app, as)).user_code)).status).toBe(200);
  });

  it("right codes use none of the allowance, opened or answered", async () => {
    const account = (await insertAccount(app.deps.db, { plan: "pro" })).id;
    for (let i = 0; i < rateLimits.deviceCodeAccount.limit + 2; i++) {
      const device = await startDevice(app, as);
      expect((await openDevice(app, account, device.user_code)).status).toBe(200);
      expect((await decideDevice(app, account, device.user_code, i % 2 ? "allow" : "deny")).status).toBe(200);
    }
    // Its allowance is whole: a wrong code is still answered 404, not 429.
    expect((await openDevice(app, account, wrongCode(1))).status).toBe(404);
  });

  it("wrong answers (Allow or Deny with a wrong code) count as guesses too", async () => {
    const account = (await insertAccount(app.deps.db, { plan: "pro" })).id;
    for (let i = 0; i < rateLimits.deviceCodeAccount.limit; i++) expect((await decideDevice(app, account, wrongCode(100 + i))).status).toBe(404);
    expect((await decideDevice(app, account, wrongCode(200))).status).toBe(429);
  });
});

describe("wrong codes per address", () => {
  it(`allows ${rateLimits.deviceCodeAddress.limit} from one address whatever the accounts, with Retry-After past them`, async () => {
    const address = "203.0.113.20";
    const perAccount = rateLimits.deviceCodeAccount.limit;
    const accounts = await Promise.all(
      Array.from({ length: Math.ceil(rateLimits.deviceCodeAddress.limit / perAccount) + 1 }, async () => (await insertAccount(app.deps.db)).id),
    );
    let n = 1000;
    for (let i = 0; i < rateLimits.deviceCodeAddress.limit; i++) {
      expect((await lookupFrom(accounts[Math.floor(i / perAccount)]!, address, wrongCode(n++))).code).toBe("not_found");
    }
    const fresh = accounts.at(-1)!;
    const refused = await lookupFrom(fresh, address, wrongCode(n++));
    expect(refused.code).toBe("rate_limited");
    expect(Number(refused.headers["Retry-After"])).toBeGreaterThan(0);
    // The same account from another address is fine.
    expect((await lookupFrom(fresh, "203.0.113.21", wrongCode(n++))).code).toBe("not_found");
  });
});
