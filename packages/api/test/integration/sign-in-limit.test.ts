/**
 * Credential stuffing: sign-in attempts with email and password through
 * Auth.js's /api/auth/callback/credentials on the REST core, from real peer
 * addresses. Every attempt counts, per email (rateLimits.signInAccount) and
 * per client address (rateLimits.signInAddress), in the database; beyond
 * either the attempt is refused even with the right password, the same way
 * whether or not the account exists, and a client-sent address header changes
 * nothing.
 */
import { randomUUID } from "node:crypto";
import { rateLimits } from "@streamkit/api-contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildAuthConfig } from "../../src/auth/auth-config";
import { hashPassword } from "../../src/auth/password";
import { signInRefusal } from "../../src/auth/sign-in-limit";
import { CLIENT_ADDRESS_HEADER } from "../../src/client-address";
import { createRestHandler } from "../../src/rest/handler";
import { rawRoutes } from "../../src/rest/raw-routes";
import { appRouter } from "../../src/routers";
import { BASE, createTestApp, type TestApp } from "../support/app";
import { TestClock } from "../support/clock";
import { insertAccount } from "../support/factories";

const PASSWORD = "correct horse battery staple";
const PER_ACCOUNT = rateLimits.signInAccount.limit;
const PER_ADDRESS = rateLimits.signInAddress.limit;
let app: TestApp;
const clock = new TestClock();
let handler: ReturnType<typeof createRestHandler>;
let passwordHash: string;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  handler = createRestHandler(appRouter, app.deps, rawRoutes(buildAuthConfig(app.deps)));
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => app.close());
const WINDOW_MS = rateLimits.signInAccount.windowSeconds * 1000;
// Each test starts at the start of a fresh (fixed, clock-aligned) window.
beforeEach(() => clock.advance(WINDOW_MS - (clock.now().getTime() % WINDOW_MS)));

async function newAccount(): Promise<string> {
  const email = `${randomUUID()}@sign-in.example`;
  await insertAccount(app.deps.db, { email, passwordHash });
  return email;
}

type Outcome = "signed-in" | "wrong" | "rate_limited";

/** One sign-in as a browser posts it (CSRF token first), from `peer`. */
async function signIn(peer: string, email: string, password: string, headers: Record<string, string> = {}): Promise<Outcome> {
  const csrf = await handler(new Request(`${BASE}/api/auth/csrf`), { remoteAddress: peer });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const response = await handler(
    new Request(`${BASE}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
      body: new URLSearchParams({ email, password, csrfToken, callbackUrl: `${BASE}/account` }),
    }),
    { remoteAddress: peer },
  );
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!);
  const session = response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="));
  if (location.pathname === "/account") {
    expect(session).toBe(true);
    return "signed-in";
  }
  expect(session).toBe(false);
  expect(location.pathname).toBe("/sign-in");
  expect(location.searchParams.get("error")).toBe("CredentialsSignin");
  const code = location.searchParams.get("code");
  expect(["credentials", "rate_limited"]).toContain(code);
  return code === "rate_limited" ? "rate_limited" : "wrong";
}

describe(`${PER_ACCOUNT} attempts per account per ${rateLimits.signInAccount.windowSeconds / 60} minutes`, () => {
  it("refuses the next attempt even with the right password, from any address; another account is unaffected", async () => {
    const victim = await newAccount();
    const other = await newAccount();
    for (let i = 0; i < PER_ACCOUNT; i++) expect(await signIn(`192.0.2.${i + 1}`, victim, `guess-${i}`)).toBe("wrong");
    expect(await signIn("192.0.2.200", victim, PASSWORD)).toBe("rate_limited");
    expect(await signIn("192.0.2.1", other, PASSWORD)).toBe("signed-in");

    // The window ends: the right password works again.
    clock.advance(WINDOW_MS);
    expect(await signIn("192.0.2.200", victim, PASSWORD)).toBe("signed-in");
  });

  it("answers the same for an email no account has, so the limit reveals nothing", async () => {
    const nobody = `${randomUUID()}@sign-in.example`;
    for (let i = 0; i < PER_ACCOUNT; i++) expect(await signIn("192.0.2.50", nobody, `guess-${i}`)).toBe("wrong");
    expect(await signIn("192.0.2.51", nobody, PASSWORD)).toBe("rate_limited");
  });

  it("counts successful sign-ins too", async () => {
    const email = await newAccount();
    for (let i = 0; i < PER_ACCOUNT; i++) expect(await signIn(`192.0.2.${100 + i}`, email, PASSWORD)).toBe("signed-in");
    expect(await signIn("192.0.2.99", email, PASSWORD)).toBe("rate_limited");
  });
});

describe(`${PER_ADDRESS} attempts per client address per ${rateLimits.signInAddress.windowSeconds / 60} minutes`, () => {
  it("refuses the address's next attempt for any account, ignores a client-sent address header, and leaves other addresses alone", async () => {
    const peer = "198.51.100.77";
    // Each guess names another email and claims another address: only the peer counts.
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect(await signIn(peer, `${randomUUID()}@sign-in.example`, "guess", { [CLIENT_ADDRESS_HEADER]: `203.0.113.${i}` })).toBe("wrong");
    }
    const email = await newAccount();
    expect(await signIn(peer, email, PASSWORD, { [CLIENT_ADDRESS_HEADER]: "203.0.113.250" })).toBe("rate_limited");
    expect(await signIn("198.51.100.78", email, PASSWORD)).toBe("signed-in");
  });
});

describe("the website's message", () => {
  it("reads the refusal behind Auth.js's wrapping and words it in minutes", async () => {
    const email = await newAccount();
    for (let i = 0; i < PER_ACCOUNT; i++) await signIn("192.0.2.150", email, "guess");
    const authorize = (buildAuthConfig(app.deps).providers[0] as unknown as { options: { authorize: (raw: unknown, request: Request) => Promise<unknown> } })
      .options.authorize;
    const refused = await authorize({ email, password: PASSWORD }, new Request(BASE, { headers: { [CLIENT_ADDRESS_HEADER]: "192.0.2.151" } })).then(
      () => null,
      (error: unknown) => error,
    );
    expect(signInRefusal(refused)?.message).toBe("Too many sign-in attempts; try again in 15 minutes.");
    // As Auth.js wraps an error from another copy of itself (Next's bundle): CallbackRouteError with { cause: { err } }.
    const wrapped = Object.assign(new Error("CallbackRouteError"), { cause: { err: refused, provider: "credentials" } });
    expect(signInRefusal(wrapped)).toEqual(signInRefusal(refused));
    expect(signInRefusal(new Error("other"))).toBeNull();
  });
});
