/**
 * The authorization server's own endpoints as raw HTTP: RFC 8414 metadata, and
 * the token and revocation endpoints' refusals in RFC 6749's error format
 * (the one documented exception to the envelope of docs/api.md#errors).
 */
import { scopes } from "@streamkit/api-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE, createTestApp, type TestApp } from "../../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const form = (path: string, body: Record<string, string> | string, headers: Record<string, string> = {}) =>
  app.raw(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: typeof body === "string" ? body : new URLSearchParams(body),
  });

describe("GET /.well-known/oauth-authorization-server", () => {
  it("describes the server exactly (RFC 8414), cacheable and readable from any origin", async () => {
    const response = await app.raw("/.well-known/oauth-authorization-server", { headers: { origin: "https://example.test" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual({
      issuer: BASE,
      authorization_endpoint: `${BASE}/oauth/authorize`,
      token_endpoint: `${BASE}/api/oauth/token`,
      revocation_endpoint: `${BASE}/api/oauth/revoke`,
      device_authorization_endpoint: `${BASE}/api/oauth/device_authorization`,
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      revocation_endpoint_auth_methods_supported: ["none"],
      scopes_supported: [...scopes],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${BASE}/docs#api-1/description/desktop-sign-in`,
    });
  });
});

describe("POST /api/oauth/token refusals", () => {
  it.each([
    ["an unknown grant_type", { grant_type: "password", client_id: "streamkit-desktop" }, 400, "unsupported_grant_type"],
    ["no grant_type", { client_id: "streamkit-desktop" }, 400, "invalid_request"],
    ["no client_id", { grant_type: "authorization_code", code: "x" }, 401, "invalid_client"],
    ["an unknown client", { grant_type: "authorization_code", client_id: "other", code: "x" }, 401, "invalid_client"],
    [
      "a code grant without code",
      { grant_type: "authorization_code", client_id: "streamkit-desktop", redirect_uri: "http://127.0.0.1/callback", code_verifier: "a".repeat(43) },
      400,
      "invalid_request",
    ],
    [
      "a verifier too short",
      { grant_type: "authorization_code", client_id: "streamkit-desktop", code: "skac_x", redirect_uri: "http://127.0.0.1/callback", code_verifier: "short" },
      400,
      "invalid_request",
    ],
    ["a refresh grant without refresh_token", { grant_type: "refresh_token", client_id: "streamkit-desktop" }, 400, "invalid_request"],
  ])("%s: %i %s with no-store", async (_case, body, status, error) => {
    const response = await form("/api/oauth/token", body);
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // A 401 names its scheme (RFC 7235); the client's answers are docs/desktop.md's: invalid_client is 401.
    expect(response.headers.get("www-authenticate")).toBe(status === 401 ? 'Basic realm="streamkit"' : null);
    const answer = await response.json();
    expect(answer).toEqual({ error, error_description: expect.any(String) });
  });

  it("a parameter sent twice: invalid_request", async () => {
    const response = await form("/api/oauth/token", "grant_type=refresh_token&grant_type=refresh_token&client_id=streamkit-desktop");
    expect(await response.json()).toEqual({ error: "invalid_request", error_description: "grant_type is sent more than once." });
  });

  it("JSON instead of a form: invalid_request", async () => {
    const response = await app.raw("/api/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "refresh_token" }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("invalid_request");
  });

  it("a client secret in an Authorization header: 401 invalid_client (public clients have none)", async () => {
    const response = await form(
      "/api/oauth/token",
      { grant_type: "refresh_token", refresh_token: "x" },
      { authorization: "Basic c3RyZWFta2l0LWRlc2t0b3A6eA==" },
    );
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Basic realm="streamkit"');
    expect((await response.json()).error).toBe("invalid_client");
  });

  it("a body past the limit: 413 in RFC 6749's format", async () => {
    const response = await form("/api/oauth/token", `grant_type=refresh_token&client_id=streamkit-desktop&pad=${"a".repeat(20_000)}`);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toBe("invalid_request");
  });

  it("a body that is not UTF-8: invalid_request", async () => {
    const response = await app.raw("/api/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new Uint8Array([0x67, 0x3d, 0xff, 0xfe]),
    });
    expect(await response.json()).toEqual({ error: "invalid_request", error_description: "The body is not valid UTF-8." });
  });

  it("GET is not the token endpoint's method: 404 in the envelope, like every raw route's other methods", async () => {
    const response = await app.raw("/api/oauth/token");
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
  });
});

describe("POST /api/oauth/revoke refusals", () => {
  it("no token: invalid_request", async () => {
    const response = await form("/api/oauth/revoke", { client_id: "streamkit-desktop" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid_request", error_description: "token is missing." });
  });

  it.each([
    ["no client", { token: "skrt_x" }],
    ["an unknown client", { token: "skrt_x", client_id: "other" }],
  ])("%s: 401 invalid_client", async (_case, body) => {
    const response = await form("/api/oauth/revoke", body);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Basic realm="streamkit"');
    expect((await response.json()).error).toBe("invalid_client");
  });
});
