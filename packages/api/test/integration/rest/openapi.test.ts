import SwaggerParser from "@apidevtools/swagger-parser";
import { errorStatus, scopes } from "@streamkit/api-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE, createTestApp, type TestApp } from "../../support/app";

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

let app: TestApp;
let document: any;

beforeAll(async () => {
  app = await createTestApp();
  const response = await app.request("/openapi.json");
  expect(response.status).toBe(200);
  document = await response.json();
});

afterAll(() => app.close());

describe("GET /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "http://localhost:3000/api/v1" }]);
  });

  it("uses the error envelope for every error response, and nothing of the library's own", async () => {
    expect(Object.keys(document.components.schemas).filter((name) => name.startsWith("error."))).toEqual([]);
    expect(document.components.securitySchemes).toEqual({
      ApiKey: expect.objectContaining({ type: "http", scheme: "bearer" }),
      DesktopApp: expect.objectContaining({
        type: "oauth2",
        flows: {
          authorizationCode: {
            authorizationUrl: `${BASE}/oauth/authorize`,
            tokenUrl: `${BASE}/api/oauth/token`,
            refreshUrl: `${BASE}/api/oauth/token`,
            scopes: Object.fromEntries(scopes.map((scope) => [scope, expect.any(String)])),
          },
        },
      }),
    });
    // The token and revocation endpoints answer RFC 6749's format instead (the documented exception; checked below).
    for (const [path, item] of Object.entries<any>(document.paths).filter(([path]) => !path.startsWith("/oauth/"))) {
      // A path item's other members (its own `servers`) are not operations.
      for (const [method, operation] of Object.entries<any>(item).filter(([key]) => HTTP_METHODS.includes(key))) {
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          if (Number(status) < 400) continue;
          expect(response.content["application/json"].schema, `${method} ${path} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
          for (const code of Object.keys(response.content["application/json"].examples)) {
            expect(errorStatus[code as keyof typeof errorStatus], `${method} ${path} ${code}`).toBe(Number(status));
          }
        }
      }
    }
  });

  it("documents the desktop app's token, revocation and device authorization endpoints under /api, with RFC 6749's error format", () => {
    for (const path of ["/oauth/token", "/oauth/revoke", "/oauth/device_authorization"]) {
      const item = document.paths[path];
      expect(item.servers).toEqual([expect.objectContaining({ url: `${BASE}/api` })]);
      expect(Object.keys(item.post.requestBody.content)).toEqual(["application/x-www-form-urlencoded"]);
      expect(item.post.responses["400"].content["application/json"].schema.required).toEqual(["error", "error_description"]);
      expect(item.post.security).toEqual([]);
    }
    expect(document.paths["/oauth/token"].post.responses["200"].content["application/json"].schema.required).toEqual([
      "access_token",
      "token_type",
      "expires_in",
      "refresh_token",
      "scope",
    ]);
    expect(document.paths["/oauth/token"].post.requestBody.content["application/x-www-form-urlencoded"].schema.properties.grant_type.enum).toContain(
      "urn:ietf:params:oauth:grant-type:device_code",
    );
    expect(document.paths["/oauth/device_authorization"].post.responses["200"].content["application/json"].schema.required).toEqual([
      "device_code",
      "user_code",
      "verification_uri",
      "verification_uri_complete",
      "expires_in",
      "interval",
    ]);
  });

  it("defines the Error schema as the envelope itself, not as a pointer to itself", () => {
    const schemas = document.components.schemas as Record<string, any>;
    for (const [name, schema] of Object.entries(schemas)) {
      expect(schema.$ref, `components.schemas.${name}`).not.toBe(`#/components/schemas/${name}`);
    }
    const error = schemas.Error;
    expect(error).toMatchObject({ type: "object", required: ["error"] });
    expect(error.$ref).toBeUndefined();
    const inner = error.properties.error;
    expect(inner).toMatchObject({ type: "object", required: ["code", "message"] });
    expect(inner.properties.code).toMatchObject({ type: "string" });
    expect([...inner.properties.code.enum].sort()).toEqual(Object.keys(errorStatus).sort());
    expect(inner.properties.message).toMatchObject({ type: "string" });
    expect(inner.properties.details).toBeTruthy();
    expect(JSON.stringify(inner.properties.details)).toContain('"#/components/schemas/Problem"');
    expect(schemas.Problem).toMatchObject({ type: "object", required: ["path", "message"] });
  });

  it("documents public browsing as optionally authenticated, with its real responses", () => {
    const list = document.paths["/plugins"].get;
    expect(list.security).toEqual([{}, { ApiKey: [] }, { DesktopApp: [] }]);
    expect(Object.keys(list.responses).sort()).toEqual(["200", "304", "400", "401", "403", "429", "500", "503"]);
    expect(Object.keys(list.responses["200"].headers)).toEqual(expect.arrayContaining(["ETag", "Cache-Control", "Vary", "X-Request-Id", "X-RateLimit-Limit"]));
    expect(Object.keys(list.responses["304"].headers)).toEqual(expect.arrayContaining(["Cache-Control", "Vary", "X-Request-Id"]));
    expect(list.description).toContain("public, max-age=");
    expect(list.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      "api",
      "category",
      "cursor",
      "limit",
      "price",
      "q",
      "sort",
      "tag",
      "verified",
      "without",
    ]);
    for (const parameter of list.parameters) expect(parameter.description ?? parameter.schema.description).toBeTruthy();
    const detail = document.paths["/plugins/{slug}"].get;
    expect(Object.keys(detail.responses)).toEqual(expect.arrayContaining(["304", "404"]));
    expect(detail.description).toContain("Vary: Authorization");
  });

  it("documents the exchange rates as public, address-limited, cacheable and 304-capable", () => {
    const latest = document.paths["/fx/latest"].get;
    expect(latest.security).toEqual([]);
    expect(Object.keys(latest.responses).sort()).toEqual(["200", "304", "400", "404", "429", "500", "503"]);
    expect(Object.keys(latest.responses["200"].headers).sort()).toEqual(
      ["ETag", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Request-Id"].sort(),
    );
    expect(latest.responses["429"].headers["Retry-After"]).toBeTruthy();
  });

  it("documents overlay documents by their schema, and the catalogue's preview image", () => {
    const schemas = document.components.schemas;
    expect(schemas.OverlayDocument).toMatchObject({ type: "object", required: expect.arrayContaining(["schema", "canvas", "layers"]) });
    const create = document.paths["/overlays"].post.requestBody.content["application/json"].schema;
    expect(create.properties.document).toEqual({ $ref: "#/components/schemas/OverlayDocument" });
    const preview = document.paths["/catalog/overlays/{slug}/preview"].get;
    expect(Object.keys(preview.responses["200"].content)).toEqual(["image/svg+xml"]);
    expect(preview.security).toEqual([]);
    expect(Object.keys(preview.responses)).toEqual(["200", "304", "404", "500", "503"]);
  });

  it("documents the desktop app's updater under /api with its own server entry: 200 with the update, 204 when up to date", () => {
    const item = document.paths["/app/update/{target}/{arch}/{current}"];
    expect(item.servers).toEqual([{ url: expect.stringMatching(/\/api$/), description: expect.any(String) }]);
    expect(Object.keys(item.get.responses).sort()).toEqual(["200", "204", "400", "404", "500", "503"]);
    expect(item.get.responses["200"].content["application/json"].schema.required).toEqual([
      "version",
      "url",
      "signature",
      "notes",
      "pub_date",
      "channel",
      "required",
      "minimumVersion",
      "rollback",
    ]);
    expect(item.get.parameters.find((p: { name: string }) => p.name === "channel")).toMatchObject({ in: "query", schema: { enum: ["stable", "beta"] } });
    expect(item.get.security).toEqual([]);
  });

  it("carries no integer bounds the service does not promise", () => {
    expect(JSON.stringify(document)).not.toContain("9007199254740991");
  });

  it("is served with a request id and cacheable", async () => {
    const response = await app.request("/openapi.json");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
  });
});
