/**
 * The website's sign-up climbs the procedure ladder like every other write:
 * limited per client address (decided by the database, so a burst cannot
 * slip past), and refused to a suspended account's session.
 */
import { rateLimits } from "@streamkit/api-contract";
import { accounts } from "@streamkit/db";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { insertAccount } from "../../support/factories";
import { sessionCookie } from "../../support/session";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(() => app.close());

function signUp(email: string, headers: Record<string, string> = {}) {
  return app.raw("/api/trpc/accounts.signUp", {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE, ...headers },
    body: JSON.stringify({ name: "New Streamer", email, password: "correct horse battery" }),
  });
}

describe("accounts.signUp", () => {
  it(`creates at most ${rateLimits.signUp.limit} accounts an hour from one address, even in a concurrent burst`, async () => {
    const attempts = rateLimits.signUp.limit + 5;
    const responses = await Promise.all(Array.from({ length: attempts }, (_, i) => signUp(`burst-${i}@signup.example`)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(rateLimits.signUp.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = responses.find((r) => r.status === 429)!;
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await refused.json()).error.data.appError.code).toBe("rate_limited");
    expect(await app.deps.db.select().from(accounts).where(like(accounts.email, "burst-%@signup.example"))).toHaveLength(rateLimits.signUp.limit);
  });

  it("refuses a suspended account's session: 403 account_disabled, and creates nothing", async () => {
    const suspended = await insertAccount(app.deps.db, { suspended: true });
    const response = await signUp("from-suspended@signup.example", { cookie: await sessionCookie(app, suspended.id), "x-forwarded-for": "203.0.113.9" });
    expect(response.status).toBe(403);
    expect((await response.json()).error.data.appError.code).toBe("account_disabled");
    expect(await app.deps.db.select().from(accounts).where(like(accounts.email, "from-suspended@signup.example"))).toHaveLength(0);
  });
});
