/**
 * The device authorization grant (RFC 8628) end to end with a real OAuth
 * client library (oauth4webapi) for the app, and the /device page's own calls
 * for the person: every answer of §3.5, single use and slow_down under
 * concurrent polls, the guessing limits, and tokens that are the code flow's.
 */
import { deviceFlowLimits, oauthLimits, rateLimits, scopes } from "@streamkit/api-contract";
import { oauthDeviceCodes } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashSecret } from "../../../src/shared/secret-format";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount } from "../../support/factories";
import { decideDevice, discover, type oauth, openDevice, pollDevice, refresh, refusalOf, revoke, startDevice } from "../../support/oauth-client";
import { raceThroughLock } from "../../support/race";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate } from "../../support/trpc";

let app: TestApp;
let as: oauth.AuthorizationServer;
let person: string;
const clock = new TestClock();

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  as = await discover(app);
  person = (await insertAccount(app.deps.db, { plan: "pro", name: "Dev" })).id;
});
afterAll(() => app.close());
// A new guessing window (15 minutes) and a new per-minute window for every test.
beforeEach(() => clock.advance(deviceFlowLimits.codeSeconds * 1000 + 60_000));

const me = (token: string) => app.json("/me", { headers: bearer(token) });
const waitInterval = (seconds: number = deviceFlowLimits.intervalSeconds) => clock.advance(seconds * 1000);
const rowOf = async (deviceCode: string) =>
  (
    await app.deps.db
      .select()
      .from(oauthDeviceCodes)
      .where(eq(oauthDeviceCodes.deviceCodeHash, hashSecret(deviceCode)))
  )[0]!;

describe("the device authorization endpoint", () => {
  it("answers a code pair of the documented shape, no-store, advertised in the metadata", async () => {
    expect(as.device_authorization_endpoint).toBe(`${BASE}/api/oauth/device_authorization`);
    expect(as.grant_types_supported).toContain("urn:ietf:params:oauth:grant-type:device_code");
    const device = await startDevice(app, as, { device_label: "Studio PC" });
    expect(device).toEqual({
      device_code: expect.stringMatching(/^skdc_[0-9A-Za-z]{38}$/),
      user_code: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verification_uri: `${BASE}/device`,
      verification_uri_complete: `${BASE}/device?user_code=${device.user_code}`,
      expires_in: deviceFlowLimits.codeSeconds,
      interval: deviceFlowLimits.intervalSeconds,
    });
    // Only hashes are stored.
    const row = await rowOf(device.device_code);
    expect(JSON.stringify(row)).not.toContain(device.device_code);
    expect(JSON.stringify(row)).not.toContain(device.user_code.replace("-", ""));
    expect(row.deviceLabel).toBe("Studio PC");

    const response = await app.raw("/api/oauth/device_authorization", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "client_id=streamkit-desktop",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it.each([
    ["an unknown scope", 400, "invalid_scope", { scope: "plugins:read admin" }],
    ["a device label past 80 characters", 400, "invalid_request", { device_label: "x".repeat(81) }],
    ["a device label with a control character", 400, "invalid_request", { device_label: "pc\u0007" }],
    ["an unknown client", 401, "invalid_client", { client_id: "someone-else" }],
    ["no client", 401, "invalid_client", { client_id: "" }],
  ])("%s: %i %s in RFC 6749's format", async (_case, status, error, override) => {
    const body = new URLSearchParams({ client_id: "streamkit-desktop", ...override });
    const response = await app.raw("/api/oauth/device_authorization", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error, error_description: expect.any(String) });
  });

  it(`issues at most ${rateLimits.deviceAuthorization.limit} codes an hour to one address, even in a burst`, async () => {
    const local = await createTestApp({ now: clock.now });
    try {
      const issuer = await discover(local);
      // The burst starts with an hour window of its own: a window boundary inside it would let 20 through on each side.
      const hour = rateLimits.deviceAuthorization.windowSeconds * 1000;
      clock.advance(hour - (clock.now().getTime() % hour));
      // The per-minute count of the token endpoints is the lower bound in one minute: spread the burst over minutes.
      const statuses: number[] = [];
      for (let minute = 0; minute < 4; minute++) {
        clock.nextMinute();
        const answers = await Promise.allSettled(Array.from({ length: 10 }, () => startDevice(local, issuer)));
        for (const answer of answers) statuses.push(answer.status === "fulfilled" ? 200 : (answer.reason as oauth.ResponseBodyError).status);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(rateLimits.deviceAuthorization.limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - rateLimits.deviceAuthorization.limit);
      const refused = await refusalOf(startDevice(local, issuer));
      expect(refused).toEqual({ error: "rate_limited", status: 429, description: expect.stringMatching(/^Too many device sign-ins/) });
      expect(await local.deps.db.select().from(oauthDeviceCodes)).toHaveLength(rateLimits.deviceAuthorization.limit);
    } finally {
      await local.close();
    }
  });
});

describe("every answer of RFC 8628 §3.5", () => {
  it("authorization_pending, then slow_down (interval +5 s, remembered), then tokens after Allow", async () => {
    const device = await startDevice(app, as, { scope: "plugins:read sales:read", device_label: "Living room PC" });
    expect(await refusalOf(pollDevice(app, as, device.device_code))).toEqual({
      error: "authorization_pending",
      status: 400,
      description: "The person has not answered yet.",
    });
    // Sooner than the interval: slow_down, and from now on 10 seconds.
    waitInterval(deviceFlowLimits.intervalSeconds - 1);
    expect((await refusalOf(pollDevice(app, as, device.device_code))).error).toBe("slow_down");
    waitInterval(deviceFlowLimits.intervalSeconds);
    expect((await refusalOf(pollDevice(app, as, device.device_code))).error).toBe("slow_down");
    waitInterval(deviceFlowLimits.intervalSeconds + 2 * deviceFlowLimits.slowDownSeconds);
    expect((await refusalOf(pollDevice(app, as, device.device_code))).error).toBe("authorization_pending");

    const opened = await openDevice(app, person, device.user_code.toLowerCase().replace("-", ""));
    expect(opened.status).toBe(200);
    expect(opened.data).toEqual({
      userCode: device.user_code,
      clientId: "streamkit-desktop",
      appName: "Streamkit desktop app",
      deviceLabel: "Living room PC",
      scopes: ["plugins:read", "sales:read"],
      expiresAt: expect.any(String),
    });
    const allowed = await decideDevice(app, person, device.user_code);
    expect(allowed.data).toEqual({ decision: "allow", appName: "Streamkit desktop app", deviceLabel: "Living room PC" });

    waitInterval(deviceFlowLimits.intervalSeconds + 2 * deviceFlowLimits.slowDownSeconds);
    const tokens = await pollDevice(app, as, device.device_code);
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^skat_/),
      token_type: "bearer",
      expires_in: oauthLimits.accessTokenSeconds,
      refresh_token: expect.stringMatching(/^skrt_/),
      scope: "plugins:read sales:read",
    });
    const { status, body } = await me(tokens.access_token);
    expect(status).toBe(200);
    expect(body.account.id).toBe(person);
    expect((await app.json("/sales", { headers: bearer(tokens.access_token) })).status).toBe(200);
    expect((await app.json("/overlays", { headers: bearer(tokens.access_token) })).status).toBe(403);
  });

  it("access_denied after Deny, on every later poll", async () => {
    const device = await startDevice(app, as);
    expect((await decideDevice(app, person, device.user_code, "deny")).data.decision).toBe("deny");
    expect(await refusalOf(pollDevice(app, as, device.device_code))).toEqual({
      error: "access_denied",
      status: 400,
      description: "The person declined the sign-in.",
    });
    waitInterval();
    expect((await refusalOf(pollDevice(app, as, device.device_code))).error).toBe("access_denied");
  });

  it(`expired_token after ${deviceFlowLimits.codeSeconds / 60} minutes, and the page no longer opens the code`, async () => {
    const device = await startDevice(app, as);
    clock.advance(deviceFlowLimits.codeSeconds * 1000);
    expect(await refusalOf(pollDevice(app, as, device.device_code))).toEqual({
      error: "expired_token",
      status: 400,
      description: "The device code has expired; start again.",
    });
    const opened = await openDevice(app, person, device.user_code);
    expect(opened.status).toBe(404);
    expect(opened.error?.message).toMatch(/has expired/);
    expect((await decideDevice(app, person, device.user_code)).status).toBe(404);
  });

  it("invalid_grant for an unknown device code, or an access token in its place", async () => {
    expect((await refusalOf(pollDevice(app, as, "skdc_notacode"))).error).toBe("invalid_grant");
    const device = await startDevice(app, as);
    await decideDevice(app, person, device.user_code);
    const tokens = await pollDevice(app, as, device.device_code);
    expect((await refusalOf(pollDevice(app, as, tokens.access_token))).error).toBe("invalid_grant");
  });

  it("a device_code grant without device_code: invalid_request", async () => {
    const response = await app.raw("/api/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:device_code", client_id: "streamkit-desktop" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid_request", error_description: "device_code is missing." });
  });
});

describe("single use", () => {
  it("a redeemed device code presented again: invalid_grant, and the tokens issued from it are revoked", async () => {
    const device = await startDevice(app, as);
    await decideDevice(app, person, device.user_code);
    const tokens = await pollDevice(app, as, device.device_code);
    waitInterval();
    expect(await refusalOf(pollDevice(app, as, device.device_code))).toEqual({
      error: "invalid_grant",
      status: 400,
      description: "The device code was already used; the tokens issued from it are revoked.",
    });
    expect((await me(tokens.access_token)).status).toBe(401);
  });

  it("concurrent redeems: exactly one gets tokens, the others slow_down, and the tokens keep working", async () => {
    const device = await startDevice(app, as);
    await decideDevice(app, person, device.user_code);
    const racers = 5;
    const outcomes = await raceThroughLock(
      app.database,
      { lockSql: "select 1 from oauth_device_codes where device_code_hash = $1 for update", params: [hashSecret(device.device_code)], racers },
      () => Array.from({ length: racers }, () => pollDevice(app, as, device.device_code)),
    );
    const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === "rejected")) expect((outcome.reason as oauth.ResponseBodyError).error).toBe("slow_down");
    expect((await me((won[0] as PromiseFulfilledResult<oauth.TokenEndpointResponse>).value.access_token)).status).toBe(200);
  });

  it("concurrent polls of a pending code: one authorization_pending, every other slow_down, each adding 5 s", async () => {
    const device = await startDevice(app, as);
    const racers = 5;
    const outcomes = await raceThroughLock(
      app.database,
      { lockSql: "select 1 from oauth_device_codes where device_code_hash = $1 for update", params: [hashSecret(device.device_code)], racers },
      () => Array.from({ length: racers }, () => refusalOf(pollDevice(app, as, device.device_code))),
    );
    const errors = outcomes.map((outcome) => (outcome.status === "fulfilled" ? outcome.value.error : "thrown"));
    expect(errors.filter((error) => error === "authorization_pending")).toHaveLength(1);
    expect(errors.filter((error) => error === "slow_down")).toHaveLength(racers - 1);
    const interval = deviceFlowLimits.intervalSeconds + (racers - 1) * deviceFlowLimits.slowDownSeconds;
    expect((await rowOf(device.device_code)).intervalSeconds).toBe(interval);
    // The grown interval holds: a second early is still too soon, the full interval is not.
    waitInterval(interval - 1);
    expect((await refusalOf(pollDevice(app, as, device.device_code))).error).toBe("slow_down");
    waitInterval(interval + deviceFlowLimits.slowDownSeconds);
    expect((await refusalOf(pollDevice(app, as, device.device_code))).error).toBe("authorization_pending");
  });

  it("concurrent answers on /device: the first is kept, the others are 409 conflict", async () => {
    const device = await startDevice(app, as);
    const other = (await insertAccount(app.deps.db, { plan: "pro" })).id;
    const answers = await Promise.all([decideDevice(app, person, device.user_code, "allow"), decideDevice(app, other, device.user_code, "deny")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const kept = answers.find((answer) => answer.status === 200)!.data.decision;
    const poll = pollDevice(app, as, device.device_code);
    if (kept === "allow") expect((await me((await poll).access_token)).body.account.id).toBe(person);
    else expect((await refusalOf(poll)).error).toBe("access_denied");
  });
});

describe("tokens are the code flow's", () => {
  it("rotate, revoke, and are listed on Connected apps with the device label", async () => {
    const account = await insertAccount(app.deps.db, { plan: "pro" });
    const device = await startDevice(app, as, { device_label: "Stream laptop", scope: "plugins:read" });
    await decideDevice(app, account.id, device.user_code);
    const first = await pollDevice(app, as, device.device_code);
    const second = await refresh(app, as, first.refresh_token!);
    expect(second.scope).toBe("plugins:read");
    expect((await refusalOf(refresh(app, as, first.refresh_token!))).error).toBe("invalid_grant");
    expect((await me(second.access_token)).status).toBe(401);

    const again = await startDevice(app, as, { device_label: "Stream laptop" });
    await decideDevice(app, account.id, again.user_code);
    const tokens = await pollDevice(app, as, again.device_code);
    const cookie = await sessionCookie(app, account.id);
    const listed = await readTrpc(await app.raw("/api/trpc/oauth.connectedApps", { headers: { cookie } }));
    expect(listed.data.items).toEqual([expect.objectContaining({ appName: "Streamkit desktop app", deviceLabel: "Stream laptop", scopes: [...scopes] })]);
    await revoke(app, as, tokens.refresh_token!);
    expect((await me(tokens.access_token)).status).toBe(401);
  });
});

describe("the /device page's calls", () => {
  it("accept the code in any case, with or without its dash or spaces", async () => {
    const device = await startDevice(app, as);
    const [left, right] = device.user_code.split("-");
    for (const typed of [device.user_code, `${left}${right}`.toLowerCase(), ` ${left} ${right} `])
      expect((await openDevice(app, person, typed)).data.userCode, typed).toBe(device.user_code);
  });

  it("refuse text that cannot be a code as bad_request, without counting it as a guess", async () => {
    const account = (await insertAccount(app.deps.db, { plan: "pro" })).id;
    for (let i = 0; i <= rateLimits.deviceCodeAccount.limit; i++) {
      for (const typed of ["ABCD-EFGH", "BCDF", "BCDF-GHJK-L", "BCDF-GHJ1"]) {
        const answer = await openDevice(app, account, typed);
        expect(answer.status, typed).toBe(400);
        expect(answer.error?.code).toBe("bad_request");
      }
    }
    const device = await startDevice(app, as);
    expect((await openDevice(app, account, device.user_code)).status).toBe(200);
  });

  it("an answered code: 409 conflict on opening and answering again", async () => {
    const device = await startDevice(app, as);
    await decideDevice(app, person, device.user_code, "deny");
    expect((await openDevice(app, person, device.user_code)).status).toBe(409);
    const again = await decideDevice(app, person, device.user_code, "allow");
    expect(again.status).toBe(409);
    expect(again.error?.message).toMatch(/already answered/);
  });

  it(`a code opened ${deviceFlowLimits.maxOpensPerCode} times is locked on the next: the device is told expired_token`, async () => {
    const device = await startDevice(app, as);
    for (let i = 0; i < deviceFlowLimits.maxOpensPerCode; i++) expect((await openDevice(app, person, device.user_code)).status).toBe(200);
    const locked = await openDevice(app, person, device.user_code);
    expect(locked.status).toBe(404);
    expect(locked.error?.message).toMatch(/entered too many times/);
    expect((await decideDevice(app, person, device.user_code)).status).toBe(404);
    expect(await refusalOf(pollDevice(app, as, device.device_code))).toEqual({
      error: "expired_token",
      status: 400,
      description: "The code was entered too many times on the website; start again.",
    });
  });

  it("are the website's: without a session 401, from another site's origin 403", async () => {
    const device = await startDevice(app, as);
    expect((await trpcMutate(app, "oauth.deviceDecide", { userCode: device.user_code, decision: "allow" })).status).toBe(401);
    const cookie = await sessionCookie(app, person);
    const crossSite = await trpcMutate(
      app,
      "oauth.deviceDecide",
      { userCode: device.user_code, decision: "allow" },
      { cookie, origin: "https://attacker.example" },
    );
    expect(crossSite.status).toBe(403);
    expect((await refusalOf(pollDevice(app, as, device.device_code))).error).toBe("authorization_pending");
  });
});
