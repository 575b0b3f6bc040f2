/**
 * The desktop app's sign-in end to end with a real OAuth client library
 * (oauth4webapi): discovery, the code flow with PKCE, the callback's state and
 * iss, codes, refresh rotation and reuse detection, revocation, and the access
 * token on /api/v1 as the same caller as an API key.
 */
import { oauthLimits, scopes } from "@streamkit/api-contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount } from "../../support/factories";
import { allow, decide, discover, exchange, oauth, refresh, refusalOf, revoke, signIn, startSignIn } from "../../support/oauth-client";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate } from "../../support/trpc";
import { settleKeptCallers } from "../../../src/accounts/principal";

let app: TestApp;
let as: oauth.AuthorizationServer;
let person: string;
const clock = new TestClock();

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  as = await discover(app);
  person = (await insertAccount(app.deps.db, { plan: "pro", name: "Asha" })).id;
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

const me = (token: string) => app.json("/me", { headers: bearer(token) });

describe("the code flow with PKCE", () => {
  it("signs the app in: tokens of the documented shape, no-store, and the token is the person on /api/v1", async () => {
    const pending = await startSignIn(as);
    const callback = await allow(app, as, person, pending);
    expect(callback.get("state")).toBe(pending.state);
    expect(callback.get("iss")).toBe(as.issuer);
    expect(callback.get("code")).toMatch(/^skac_[0-9A-Za-z]{38}$/);

    const tokens = await exchange(app, as, callback, pending);
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^skat_[0-9A-Za-z]{38}$/),
      token_type: "bearer",
      expires_in: oauthLimits.accessTokenSeconds,
      refresh_token: expect.stringMatching(/^skrt_[0-9A-Za-z]{38}$/),
      scope: scopes.join(" "),
    });

    const { status, body, headers } = await me(tokens.access_token);
    expect(status).toBe(200);
    expect(body.account).toEqual({ id: person, name: "Asha" });
    expect(body.plan.name).toBe("pro");
    expect(headers.get("x-ratelimit-limit")).toBe(String(app.deps.env.APP_RATE_LIMIT_PER_MINUTE));
    expect(headers.get("x-ratelimit-remaining")).toBe(String(app.deps.env.APP_RATE_LIMIT_PER_MINUTE - 1));
    expect(Number(headers.get("x-ratelimit-reset"))).toBeGreaterThan(clock.now().getTime() / 1000);
  });

  it("answers the token request with Cache-Control: no-store", async () => {
    const pending = await startSignIn(as);
    const callback = await allow(app, as, person, pending);
    const response = await app.raw("/api/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        client_id: "streamkit-desktop",
        code: callback.get("code")!,
        redirect_uri: pending.redirectUri,
        code_verifier: pending.verifier,
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("carries the plan in force: a downgrade made anywhere applies to the next request once this process has heard it", async () => {
    const account = await insertAccount(app.deps.db, { plan: "ultimate" });
    const { access_token } = await signIn(app, as, account.id);
    expect((await me(access_token)).body.plan.name).toBe("ultimate");
    // By hand, as another process or an operator's tool would: the token's kept caller goes with the database's notice.
    await app.deps.db.execute(`update accounts set plan = 'free' where id = '${account.id}'`);
    await settleKeptCallers(app.deps);
    expect((await me(access_token)).body.plan.name).toBe("free");
  });

  it("accepts any loopback port 1–65535, on 127.0.0.1 and [::1]", async () => {
    for (const redirectUri of ["http://127.0.0.1:1/callback", "http://127.0.0.1:65535/callback", "http://[::1]:49152/callback", "http://127.0.0.1/callback"]) {
      const tokens = await signIn(app, as, person, { redirectUri });
      expect((await me(tokens.access_token)).status, redirectUri).toBe(200);
    }
  });

  it("grants only the scopes asked for: a scope not granted is 403 insufficient_scope naming it", async () => {
    const tokens = await signIn(app, as, person, { scope: "plugins:read" });
    expect(tokens.scope).toBe("plugins:read");
    expect((await app.json("/plugins/mine", { headers: bearer(tokens.access_token) })).status).toBe(200);
    const { status, body, headers } = await app.json("/sales", { headers: bearer(tokens.access_token) });
    expect(status).toBe(403);
    expect(body).toEqual({
      error: {
        code: "insufficient_scope",
        message: "The desktop app was not granted the sales:read scope; sign in again and allow it.",
        details: { requiredScope: "sales:read" },
      },
    });
    expect(headers.get("www-authenticate")).toBe('Bearer realm="streamkit", error="insufficient_scope", scope="sales:read"');
  });

  it("keeps website-only operations forbidden to the app", async () => {
    const { access_token } = await signIn(app, as, person);
    const { status, body } = await app.json("/keys", { headers: bearer(access_token) });
    expect(status).toBe(403);
    expect(body.error.code).toBe("forbidden");
  });

  it("holds the app to its own per-account limit, shared by every sign-in of the account", async () => {
    const account = await insertAccount(app.deps.db, { plan: "pro" });
    const first = await signIn(app, as, account.id);
    const second = await signIn(app, as, account.id);
    const limit = app.deps.env.APP_RATE_LIMIT_PER_MINUTE;
    const answers = await Promise.all(Array.from({ length: limit + 2 }, (_, i) => me(i % 2 ? first.access_token : second.access_token)));
    const limited = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(limit);
    expect(limited).toHaveLength(2);
    expect(limited[0]!.body.error.code).toBe("rate_limited");
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("does not count the app against the account's API-key limit", async () => {
    const { access_token } = await signIn(app, as, person);
    const { headers } = await me(access_token);
    expect(headers.get("x-ratelimit-limit")).not.toBe("10");
  });

  it("reports the app's own limit in GET /me, the number X-RateLimit-Limit states", async () => {
    const { access_token } = await signIn(app, as, person);
    const { status, body, headers } = await me(access_token);
    expect(status).toBe(200);
    expect(body.plan.entitlements.apiRequestsPerMinute).toBe(app.deps.env.APP_RATE_LIMIT_PER_MINUTE);
    expect(headers.get("x-ratelimit-limit")).toBe(String(body.plan.entitlements.apiRequestsPerMinute));
  });
});

describe("the callback's checks (done by the app with the library)", () => {
  it("a state that is not the app's fails the app's check", async () => {
    const pending = await startSignIn(as);
    const { location } = await decide(app, person, pending.query);
    expect(() => oauth.validateAuthResponse(as, { client_id: "streamkit-desktop" }, new URL(location!), "another-state")).toThrow(/state/);
  });

  it("an iss that is not the issuer fails the app's check (RFC 9207)", async () => {
    const pending = await startSignIn(as);
    const { location } = await decide(app, person, pending.query);
    const forged = new URL(location!);
    forged.searchParams.set("iss", "https://attacker.example");
    expect(() => oauth.validateAuthResponse(as, { client_id: "streamkit-desktop" }, forged, pending.state)).toThrow(/iss/);
  });

  it("Deny: access_denied with state and iss", async () => {
    const pending = await startSignIn(as);
    const { location } = await decide(app, person, pending.query, "deny");
    const url = new URL(location!);
    expect(url.origin + url.pathname).toBe(pending.redirectUri);
    expect(url.searchParams.get("error")).toBe("access_denied");
    expect(url.searchParams.get("state")).toBe(pending.state);
    expect(url.searchParams.get("iss")).toBe(as.issuer);
    expect(() => oauth.validateAuthResponse(as, { client_id: "streamkit-desktop" }, url, pending.state)).toThrow(oauth.AuthorizationResponseError);
  });

  it("the deep link: the answer goes through the site's 'return to Streamkit' page", async () => {
    const pending = await startSignIn(as, { redirectUri: "streamkit://auth/callback" });
    const { location } = await decide(app, person, pending.query);
    const url = new URL(location!, as.issuer);
    expect(url.pathname).toBe("/oauth/desktop/return");
    expect(url.searchParams.get("client_id")).toBe("streamkit-desktop");
    expect(url.searchParams.get("state")).toBe(pending.state);
    expect(url.searchParams.get("iss")).toBe(as.issuer);
    // The app receives these parameters on streamkit://auth/callback and exchanges the code with the deep link as redirect_uri.
    const deepLink = new URL(`streamkit://auth/callback?${url.searchParams}`);
    const tokens = await exchange(app, as, oauth.validateAuthResponse(as, { client_id: "streamkit-desktop" }, deepLink, pending.state), pending);
    expect((await me(tokens.access_token)).status).toBe(200);
  });
});

describe("authorization requests the app is told are wrong", () => {
  it.each([
    ["a missing code_challenge", { code_challenge: null }, "invalid_request", /code_challenge is missing/],
    ["code_challenge_method plain", { code_challenge_method: "plain" }, "invalid_request", /plain is not supported; use S256/],
    ["a challenge without a method (RFC 7636 §4.3: plain)", { code_challenge_method: null }, "invalid_request", /code_challenge_method is missing/],
    ["a challenge that is not S256's shape", { code_challenge: "short" }, "invalid_request", /not an S256 challenge/],
    ["an unknown scope", { scope: "plugins:read admin" }, "invalid_scope", /Unknown scope: admin/],
    ["response_type token", { response_type: "token" }, "unsupported_response_type", /only response_type is code/],
    ["a missing response_type", { response_type: null }, "invalid_request", /response_type is missing/],
    ["a device label with a control character", { device_label: "pc\u0007" }, "invalid_request", /device_label/],
  ])("%s: redirected with error=%s, state and iss", async (_case, override, error, description) => {
    const pending = await startSignIn(as, { override });
    const { location } = await decide(app, person, pending.query);
    const url = new URL(location!);
    expect(url.searchParams.get("error")).toBe(error);
    expect(url.searchParams.get("error_description")).toMatch(description);
    expect(url.searchParams.get("state")).toBe(pending.state);
    expect(url.searchParams.get("iss")).toBe(as.issuer);
  });

  it("a repeated parameter: invalid_request", async () => {
    const pending = await startSignIn(as);
    pending.query.append("scope", "plugins:read");
    pending.query.append("scope", "sales:read");
    const url = new URL((await decide(app, person, pending.query)).location!);
    expect(url.searchParams.get("error")).toBe("invalid_request");
    expect(url.searchParams.get("error_description")).toMatch(/repeated: scope/);
  });
});

describe("authorization requests that are never redirected (shown on the site)", () => {
  it.each([
    ["an unregistered redirect_uri", { redirect_uri: "https://attacker.example/callback" }, /not one registered/],
    ["localhost instead of a loopback address", { redirect_uri: "http://localhost:53682/callback" }, /not one registered/],
    ["another path on a loopback address", { redirect_uri: "http://127.0.0.1:53682/other" }, /not one registered/],
    ["a loopback redirect with a query", { redirect_uri: "http://127.0.0.1:53682/callback?x=1" }, /not one registered/],
    ["https on a loopback address", { redirect_uri: "https://127.0.0.1:53682/callback" }, /not one registered/],
    ["user info before the loopback host", { redirect_uri: "http://127.0.0.1:1@attacker.example/callback" }, /not one registered/],
    ["a port past 65535", { redirect_uri: "http://127.0.0.1:65536/callback" }, /not one registered/],
    ["port 0, which names no listener", { redirect_uri: "http://127.0.0.1:0/callback" }, /not one registered/],
    ["a port with a leading zero", { redirect_uri: "http://127.0.0.1:05555/callback" }, /not one registered/],
    ["a port of zeros on [::1]", { redirect_uri: "http://[::1]:00/callback" }, /not one registered/],
    ["an empty port", { redirect_uri: "http://127.0.0.1:/callback" }, /not one registered/],
    ["another deep link", { redirect_uri: "streamkit://auth/other" }, /not one registered/],
    ["no redirect_uri", { redirect_uri: null }, /does not say where to return/],
    ["an unknown client", { client_id: "someone-else" }, /not one this site knows/],
    ["no client", { client_id: null }, /missing its app/],
  ])("%s: 400 bad_request, no location", async (_case, override, message) => {
    const pending = await startSignIn(as, { override });
    const { status, location, error } = await decide(app, person, pending.query);
    expect(status).toBe(400);
    expect(location).toBeUndefined();
    expect(error?.code).toBe("bad_request");
    expect(error?.message).toMatch(message);
  });

  it("is the website's: without a session it is 401, and the consent call refuses another site's origin", async () => {
    const pending = await startSignIn(as);
    const anonymous = await readTrpc(await trpcMutate(app, "oauth.authorize", { query: [...pending.query], decision: "allow" }));
    expect(anonymous.status).toBe(401);
    const cookie = await sessionCookie(app, person);
    const crossSite = await trpcMutate(
      app,
      "oauth.authorize",
      { query: [...pending.query], decision: "allow" },
      { cookie, origin: "https://attacker.example" },
    );
    expect(crossSite.status).toBe(403);
  });
});

describe("codes", () => {
  it("a wrong verifier: invalid_grant, and the code still works with the right one", async () => {
    const pending = await startSignIn(as);
    const callback = await allow(app, as, person, pending);
    const refused = await refusalOf(exchange(app, as, callback, pending, { verifier: oauth.generateRandomCodeVerifier() }));
    expect(refused).toEqual({ error: "invalid_grant", status: 400, description: "code_verifier does not match the code_challenge." });
    expect((await exchange(app, as, callback, pending)).access_token).toMatch(/^skat_/);
  });

  it("a redirect_uri other than the request's, even another port: invalid_grant", async () => {
    const pending = await startSignIn(as, { redirectUri: "http://127.0.0.1:40000/callback" });
    const callback = await allow(app, as, person, pending);
    const refused = await refusalOf(exchange(app, as, callback, pending, { redirectUri: "http://127.0.0.1:40001/callback" }));
    expect(refused.error).toBe("invalid_grant");
    expect(refused.description).toBe("redirect_uri is not the one of the authorization request.");
  });

  it("a reused code: invalid_grant, and the tokens issued from it are revoked", async () => {
    const pending = await startSignIn(as);
    const callback = await allow(app, as, person, pending);
    const tokens = await exchange(app, as, callback, pending);
    expect((await me(tokens.access_token)).status).toBe(200);
    const refused = await refusalOf(exchange(app, as, callback, pending));
    expect(refused).toEqual({ error: "invalid_grant", status: 400, description: "The code was already used; the tokens issued from it are revoked." });
    expect((await me(tokens.access_token)).status).toBe(401);
    expect((await refusalOf(refresh(app, as, tokens.refresh_token!))).error).toBe("invalid_grant");
  });

  it("concurrent exchanges of one code: exactly one succeeds", async () => {
    const pending = await startSignIn(as);
    const callback = await allow(app, as, person, pending);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => exchange(app, as, callback, pending)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === "rejected")) expect((outcome.reason as oauth.ResponseBodyError).error).toBe("invalid_grant");
  });

  it(`expires after ${oauthLimits.codeSeconds} seconds`, async () => {
    const pending = await startSignIn(as);
    const callback = await allow(app, as, person, pending);
    clock.advance(oauthLimits.codeSeconds * 1000);
    const refused = await refusalOf(exchange(app, as, callback, pending));
    expect(refused).toEqual({ error: "invalid_grant", status: 400, description: "The code has expired; sign in again." });
  });

  it("an unknown code: invalid_grant", async () => {
    const pending = await startSignIn(as);
    const forged = new URL(`${pending.redirectUri}?${new URLSearchParams({ code: "skac_notacode", state: pending.state, iss: as.issuer })}`);
    const callback = oauth.validateAuthResponse(as, { client_id: "streamkit-desktop" }, forged, pending.state);
    expect((await refusalOf(exchange(app, as, callback, pending))).error).toBe("invalid_grant");
  });
});

describe("refresh tokens", () => {
  it("rotate on every use: a new pair each time, and the new access token works", async () => {
    const first = await signIn(app, as, person);
    const second = await refresh(app, as, first.refresh_token!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.scope).toBe(scopes.join(" "));
    const third = await refresh(app, as, second.refresh_token!);
    expect((await me(third.access_token)).status).toBe(200);
  });

  it("an already-used one: invalid_grant, and the whole family is revoked", async () => {
    const first = await signIn(app, as, person);
    const second = await refresh(app, as, first.refresh_token!);
    const refused = await refusalOf(refresh(app, as, first.refresh_token!));
    expect(refused).toEqual({
      error: "invalid_grant",
      status: 400,
      description: "The refresh token was already used; this sign-in is revoked. Sign in again.",
    });
    expect((await me(second.access_token)).status).toBe(401);
    expect((await me(first.access_token)).status).toBe(401);
    const newest = await refusalOf(refresh(app, as, second.refresh_token!));
    expect(newest).toEqual({ error: "invalid_grant", status: 400, description: "The refresh token was revoked; sign in again." });
  });

  it("may narrow the access token's scope, never widen it", async () => {
    const tokens = await signIn(app, as, person, { scope: "plugins:read sales:read" });
    const narrowed = await refresh(app, as, tokens.refresh_token!, { scope: "plugins:read" });
    expect(narrowed.scope).toBe("plugins:read");
    expect((await app.json("/sales", { headers: bearer(narrowed.access_token) })).status).toBe(403);
    const widened = await refusalOf(refresh(app, as, narrowed.refresh_token!, { scope: "plugins:read plugins:write" }));
    expect(widened.error).toBe("invalid_scope");
    // The refused refresh left its token unused.
    expect((await refresh(app, as, narrowed.refresh_token!)).scope).toBe("plugins:read sales:read");
  });

  it("expire after the idle time, and an access token after its hour", async () => {
    const tokens = await signIn(app, as, person);
    clock.advance(oauthLimits.accessTokenSeconds * 1000);
    const { status, body } = await me(tokens.access_token);
    expect(status).toBe(401);
    expect(body.error.code).toBe("invalid_token");
    clock.advance(oauthLimits.refreshIdleSeconds * 1000);
    expect(await refusalOf(refresh(app, as, tokens.refresh_token!))).toEqual({
      error: "invalid_grant",
      status: 400,
      description: "The refresh token has expired; sign in again.",
    });
  });

  it("an access token is not a refresh token", async () => {
    const tokens = await signIn(app, as, person);
    expect((await refusalOf(refresh(app, as, tokens.access_token))).error).toBe("invalid_grant");
  });
});

describe("revocation (RFC 7009)", () => {
  it.each(["refresh_token", "access_token"] as const)("revoking the %s ends the family", async (which) => {
    const tokens = await signIn(app, as, person);
    await revoke(app, as, tokens[which]!);
    expect((await me(tokens.access_token)).status).toBe(401);
    expect((await refusalOf(refresh(app, as, tokens.refresh_token!))).error).toBe("invalid_grant");
  });

  it("an unknown or garbage token: 200 all the same", async () => {
    await expect(revoke(app, as, "skrt_unknown")).resolves.toBeUndefined();
    await expect(revoke(app, as, "not a token at all")).resolves.toBeUndefined();
  });
});

describe("connected apps", () => {
  it("lists the account's sign-ins with their device label, and revoking one ends it at once", async () => {
    const account = await insertAccount(app.deps.db, { plan: "pro" });
    const kept = await signIn(app, as, account.id, { scope: "plugins:read" });
    const ended = await signIn(app, as, account.id, { override: { device_label: "Studio PC" } });
    const cookie = await sessionCookie(app, account.id);
    const listed = await readTrpc(await app.raw("/api/trpc/oauth.connectedApps", { headers: { cookie } }));
    expect(listed.data.items).toEqual([
      expect.objectContaining({ appName: "Streamkit desktop app", clientId: "streamkit-desktop", deviceLabel: "Studio PC", scopes: [...scopes] }),
      expect.objectContaining({ deviceLabel: null, scopes: ["plugins:read"] }),
    ]);
    expect(listed.data.items[0].lastUsedAt).not.toBeNull();

    const revoked = await readTrpc(await trpcMutate(app, "oauth.revokeConnectedApp", { id: listed.data.items[0].id }, { cookie }));
    expect(revoked.status).toBe(200);
    expect((await me(ended.access_token)).status).toBe(401);
    expect((await me(kept.access_token)).status).toBe(200);
    expect((await readTrpc(await app.raw("/api/trpc/oauth.connectedApps", { headers: { cookie } }))).data.items).toHaveLength(1);

    const again = await readTrpc(await trpcMutate(app, "oauth.revokeConnectedApp", { id: listed.data.items[0].id }, { cookie }));
    expect(again.status).toBe(404);
  });

  it("another account's sign-in: 404 not_found, and it keeps working", async () => {
    const owner = await insertAccount(app.deps.db, { plan: "pro" });
    const tokens = await signIn(app, as, owner.id);
    const ownerCookie = await sessionCookie(app, owner.id);
    const [grant] = (await readTrpc(await app.raw("/api/trpc/oauth.connectedApps", { headers: { cookie: ownerCookie } }))).data.items;
    const stranger = await sessionCookie(app, person);
    const refused = await readTrpc(await trpcMutate(app, "oauth.revokeConnectedApp", { id: grant.id }, { cookie: stranger }));
    expect(refused.status).toBe(404);
    expect(refused.error?.code).toBe("not_found");
    expect((await me(tokens.access_token)).status).toBe(200);
  });
});
