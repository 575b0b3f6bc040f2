/**
 * The served OpenAPI document must be usable by code generators: types made
 * from it by openapi-typescript have to type-check a small client the way a
 * user would write one, and have to reject a client that misreads the API.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errorCodes } from "@streamkit/api-contract";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";

let app: TestApp;
let dir: string;

beforeAll(async () => {
  app = await createTestApp();
  const response = await app.request("/openapi.json");
  expect(response.status).toBe(200);
  const document = await response.json();
  dir = mkdtempSync(join(tmpdir(), "streamkit-openapi-client-"));
  writeFileSync(join(dir, "api.ts"), astToString(await openapiTS(document, { silent: true })));
});

afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await app?.close();
});

const errorCodeUnion = errorCodes.map((code) => JSON.stringify(code)).join(" | ");

const client = `
import type { components, paths } from "./api";

type ApiError = components["schemas"]["Error"];
type PluginPage = paths["/plugins"]["get"]["responses"][200]["content"]["application/json"];
type PluginQuery = NonNullable<paths["/plugins"]["get"]["parameters"]["query"]>;
type NewVersion = paths["/plugins"]["post"]["requestBody"]["content"]["application/json"];

// The enum of codes is exactly the error taxonomy, no more and no less.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const codesMatch: Exactly<ApiError["error"]["code"], ${errorCodeUnion}> = true;

export function firstSlug(page: PluginPage): { slug: string | undefined; next: string | null } {
  return { slug: page.items[0]?.slug, next: page.next };
}

export function explain(
  body: paths["/plugins/{slug}"]["get"]["responses"][404]["content"]["application/json"],
): string {
  const envelope: ApiError = body;
  const code: ApiError["error"]["code"] = envelope.error.code;
  const message: string = envelope.error.message;
  const problems = Array.isArray(envelope.error.details) ? envelope.error.details.map((p) => p.path + ": " + p.message) : [];
  return [code, message, ...problems].join("\\n");
}

export function rateLimited(body: paths["/plugins"]["get"]["responses"][429]["content"]["application/json"]): boolean {
  return body.error.code === "rate_limited";
}

export const query: PluginQuery = { q: "timer", limit: 20 };
export const upload: NewVersion = {
  files: [{ path: "plugin.json", content: "{}" }],
  changelog: "First release",
};
`;

/** Each line must fail on its own; the marker names what it gets wrong. */
const misuse = `
import type { components, paths } from "./api";

declare const envelope: components["schemas"]["Error"];
declare const page: paths["/plugins"]["get"]["responses"][200]["content"]["application/json"];

export const reason: string = envelope.error.reason; // WRONG:unknown-property
export const code: components["schemas"]["Error"]["error"]["code"] = "teapot"; // WRONG:unknown-code
export const cursor: string = page.next; // WRONG:nullable
export const upload: paths["/plugins"]["post"]["requestBody"]["content"]["application/json"] = { files: [] }; // WRONG:missing-field
`;

function typeCheck(name: string, source: string): ts.Diagnostic[] {
  const file = join(dir, name);
  writeFileSync(file, source);
  const program = ts.createProgram([file], {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    noEmit: true,
  });
  return [...ts.getPreEmitDiagnostics(program)];
}

function format(diagnostics: readonly ts.Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? d.file.fileName.slice(dir.length + 1) : "";
    return `${file}:${where ? where.line + 1 : "?"} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

describe("types generated from GET /api/v1/openapi.json by openapi-typescript", () => {
  it("type-check a client that lists plugins, reads errors and uploads a version", () => {
    expect(format(typeCheck("client.ts", client))).toEqual([]);
  });

  it("reject a client that misreads the API, each mistake on its own line", () => {
    const diagnostics = typeCheck("misuse.ts", misuse);
    const lines = misuse.split("\n");
    const wrongLines = new Map<number, string>();
    lines.forEach((line, index) => {
      const marker = /WRONG:(\S+)/.exec(line);
      if (marker) wrongLines.set(index, marker[1]!);
    });
    const failing = new Set<number>();
    for (const diagnostic of diagnostics) {
      expect(diagnostic.file?.fileName, format([diagnostic])[0]).toBe(join(dir, "misuse.ts"));
      const line = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line;
      expect(wrongLines.has(line), `unexpected: ${format([diagnostic])[0]}`).toBe(true);
      failing.add(line);
    }
    expect([...failing].map((line) => wrongLines.get(line)).sort()).toEqual([...wrongLines.values()].sort());
    expect(format(diagnostics).join("\n")).toContain("Property 'reason' does not exist");
  });
});
