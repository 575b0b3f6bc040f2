/**
 * Credential stuffing: sign-in attempts with email and password through
 * Auth.js's /api/auth/callback/credentials on the REST core, from real peer
 * addresses. Every attempt counts, per email (rateLimits.signInAccount) and
 * per client address (rateLimits.signInAddress), in the database; beyond
 * either the attempt is refused even with the right password, the same way
 * whether or not the account exists, and a client-sent address header changes
 * nothing. A browser that signed in to the account before holds a device
 * cookie and is counted per device (rateLimits.signInDevice), so an attacker's
 * guesses do not lock it out; a forged, expired or foreign device cookie is no
 * device at all.
 */
import { randomUUID } from "node:crypto";
import { rateLimits, SIGN_IN_DEVICE_DAYS } from "@streamkit/api-contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildAuthConfig } from "../../../src/accounts/auth-config";
import { hashPassword } from "../../../src/accounts/password";
import { issueSignInDevice, signInDeviceCookieName } from "../../../src/accounts/sign-in-device";
import { signInRefusal } from "../../../src/accounts/sign-in-limit";
import { CLIENT_ADDRESS_HEADER } from "../../../src/shared/client-address";
import { createRestHandler } from "../../../src/app/rest-core";
import { rawRoutes } from "../../../src/app/raw-routes";
import { appRouter } from "../../../src/app/router";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { insertAccount } from "../../support/factories";

const PASSWORD = "correct horse battery staple";
const PER_ACCOUNT = rateLimits.signInAccount.limit;
const PER_ADDRESS = rateLimits.signInAddress.limit;
const PER_DEVICE = rateLimits.signInDevice.limit;
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

/** A browser's lasting cookies: the device cookie a sign-in sets, sent with every later attempt. */
class Browser {
  device: string | undefined;
}

/** One sign-in as a browser posts it (CSRF token first), from `peer`; with a `browser`, its device cookie is sent and kept. */
async function signIn(peer: string, email: string, password: string, headers: Record<string, string> = {}, browser?: Browser): Promise<Outcome> {
  const DEVICE_COOKIE = signInDeviceCookieName(app.deps.env);
  const csrf = await handler(new Request(`${BASE}/api/auth/csrf`), { remoteAddress: peer });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = [...csrf.headers.getSetCookie().map((c) => c.split(";")[0]), ...(browser?.device ? [`${DEVICE_COOKIE}=${browser.device}`] : [])].join("; ");
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
  const device = response.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (location.pathname === "/account") {
    expect(session).toBe(true);
    // Every password sign-in remembers the browser with a new device cookie, readable by no script.
    expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE}=d1\\.[^;]+; Path=/; Max-Age=${SIGN_IN_DEVICE_DAYS * 86_400}; HttpOnly; SameSite=Lax$`));
    if (browser) browser.device = device!.split(";")[0]!.slice(DEVICE_COOKIE.length + 1);
    return "signed-in";
  }
  expect(device).toBeUndefined();
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

describe("device cookies: a browser that signed in before is counted per device, not per account", () => {
  it("an attacker's guesses lock a fresh browser out, not the owner's; a forged, foreign or expired device cookie does not help", async () => {
    const victim = await newAccount();
    const { id: victimId } = (await app.deps.db.query.accounts.findFirst({ where: (a, { eq }) => eq(a.email, victim) }))!;
    const owner = new Browser();
    expect(await signIn("192.0.2.10", victim, PASSWORD, {}, owner)).toBe("signed-in");
    const firstDevice = owner.device!;

    // The attacker, from many addresses and without the owner's cookie, uses up the account's attempts (the owner's sign-in was the first).
    for (let i = 1; i < PER_ACCOUNT; i++) expect(await signIn(`203.0.113.${i + 1}`, victim, `guess-${i}`)).toBe("wrong");
    expect(await signIn("203.0.113.100", victim, PASSWORD)).toBe("rate_limited");
    // A fresh browser — the attacker's or anyone's — is locked out even with the right password.
    expect(await signIn("192.0.2.11", victim, PASSWORD, {}, new Browser())).toBe("rate_limited");

    // The owner's browser still signs in, and gets a new device cookie.
    expect(await signIn("192.0.2.10", victim, PASSWORD, {}, owner)).toBe("signed-in");
    expect(owner.device).not.toBe(firstDevice);

    // Forged: another account named under the owner's signature, or the signature altered.
    const [version, , deviceId, expires, signature] = owner.device!.split(".");
    const attackerEmail = await newAccount();
    const attacker = new Browser();
    expect(await signIn("203.0.113.200", attackerEmail, PASSWORD, {}, attacker)).toBe("signed-in");
    const { id: attackerId } = (await app.deps.db.query.accounts.findFirst({ where: (a, { eq }) => eq(a.email, attackerEmail) }))!;
    const forgeries = [
      Object.assign(new Browser(), { device: [version, attackerId, deviceId, expires, signature].join(".") }),
      Object.assign(new Browser(), {
        device: [version, victimId, deviceId, expires, `${signature!.slice(0, 10)}${signature![10] === "A" ? "B" : "A"}${signature!.slice(11)}`].join("."),
      }),
      Object.assign(new Browser(), { device: [version, victimId, deviceId, String(Number(expires) + 86_400), signature].join(".") }),
      Object.assign(new Browser(), { device: "d1.garbage" }),
      // Foreign: the attacker's own valid device cookie names the attacker's account, not the victim's.
      attacker,
      // Signed with another master secret, or expired.
      Object.assign(new Browser(), { device: issueSignInDevice({ ...app.deps, signInDeviceSecrets: ["another master secret's"] }, victimId).value }),
      Object.assign(new Browser(), {
        device: issueSignInDevice({ ...app.deps, now: () => new Date(clock.now().getTime() - (SIGN_IN_DEVICE_DAYS * 86_400 + 1) * 1000) }, victimId).value,
      }),
    ];
    for (const [index, forged] of forgeries.entries())
      expect(await signIn(`203.0.113.${150 + index}`, victim, PASSWORD, {}, forged), `forgery ${index}`).toBe("rate_limited");
    // A device cookie of the current secret, made for the victim's account, works (the forgeries above failed for what they changed).
    expect(await signIn("203.0.113.170", victim, PASSWORD, {}, Object.assign(new Browser(), { device: issueSignInDevice(app.deps, victimId).value }))).toBe(
      "signed-in",
    );
  });

  it(`a trusted browser has ${PER_DEVICE} attempts of its own`, async () => {
    const email = await newAccount();
    const owner = new Browser();
    expect(await signIn("198.51.100.20", email, PASSWORD, {}, owner)).toBe("signed-in");
    for (let i = 0; i < PER_DEVICE; i++) expect(await signIn("198.51.100.20", email, `guess-${i}`, {}, owner)).toBe("wrong");
    expect(await signIn("198.51.100.20", email, PASSWORD, {}, owner)).toBe("rate_limited");
    // Its guesses were its own: the account's attempts are untouched, so a fresh browser still signs in.
    expect(await signIn("198.51.100.21", email, PASSWORD)).toBe("signed-in");
  });
});

describe(`${PER_ADDRESS} attempts per client address per ${rateLimits.signInAddress.windowSeconds / 60} minutes`, () => {
  it("refuses the address's next attempt for any account, trusted browser or not, ignores a client-sent address header, and leaves other addresses alone", async () => {
    const peer = "198.51.100.77";
    const email = await newAccount();
    const trusted = new Browser();
    expect(await signIn("198.51.100.79", email, PASSWORD, {}, trusted)).toBe("signed-in");
    // Each guess names another email and claims another address: only the peer counts.
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect(await signIn(peer, `${randomUUID()}@sign-in.example`, "guess", { [CLIENT_ADDRESS_HEADER]: `203.0.113.${i}` })).toBe("wrong");
    }
    expect(await signIn(peer, email, PASSWORD, { [CLIENT_ADDRESS_HEADER]: "203.0.113.250" })).toBe("rate_limited");
    // A device cookie lifts the account's limit, never the address's.
    expect(await signIn(peer, email, PASSWORD, {}, trusted)).toBe("rate_limited");
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
