/**
 * One request must not be able to take a server down (issue 27, item 1): an
 * overlay's drawing is bounded by DRAWING_BUDGET while it is made, a save over
 * it is refused (413, saying what to reduce), a stored document over it draws a
 * placeholder, and a revision is drawn once, not once per request. Against a
 * real server process with a tight heap limit, whose peak memory is read
 * from /proc after a thousand draws of the worst documents the limits allow.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, openDatabase, overlays } from "@streamkit/db";
import { overBudgetDocuments, worstValidDocument } from "@streamkit/overlay/worst-documents";
import { afterAll, beforeAll, expect, it, inject } from "vitest";
import { createTestDatabase } from "../../support/database";
import { bearer, insertAccount, insertKey } from "../../support/factories";
import { type ServerProcess, startServerProcess } from "../../support/server-process";

/**
 * How much the server's resident memory may grow while it answers the draws,
 * over what it held before them. This API-only process loads far less code than
 * the website's, so its old generation is capped at half of production's 512 MiB
 * (apps/web's start script): 256 MiB, so a drawing that outgrew it would end the
 * process, and 16 MiB semi-spaces as production's (Node 24's default
 * here is 64 MiB, room for garbage that would alone pass the bound). The bound
 * is what the drawings' store could once hold (64 MiB; 32 now) and as much again
 * for the heap's own slack: measured +71–84 MiB on Node 20–22 and +77–103 on
 * Node 24 with these flags.
 */
const GROWTH_BOUND_MIB = 128;
const DRAWS = 1_000;

let server: ServerProcess;
let database: DatabaseHandle | undefined;
/** Each test's own account: keyed requests are limited per account (10 a minute on every plan). */
let keys: string[];
let legacyId: string;

beforeAll(async () => {
  let env: Record<string, string>;
  let handle: DatabaseHandle;
  if (process.env.TEST_DB === "postgres") {
    handle = database = await createTestDatabase();
    env = { DATABASE_URL: handle.url! };
  } else {
    const dir = mkdtempSync(join(tmpdir(), "streamkit-drawing-"));
    handle = await openDatabase({ dataDir: dir, loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) });
    env = { DATA_DIR: dir };
  }
  keys = [];
  let account!: { id: string };
  for (let i = 0; i < 3; i++) {
    account = await insertAccount(handle.db, { name: `Streamer ${i}`, plan: "pro" });
    keys.push((await insertKey(handle.db, account.id, { scopes: ["inventory:write"] })).key);
  }
  // Saved before the budget existed: 250,000 particles, which a save now refuses.
  const [legacy] = await handle.db
    .insert(overlays)
    .values({ accountId: account.id, name: "Legacy", document: overBudgetDocuments().particles, plan: "pro" })
    .returning({ id: overlays.id });
  legacyId = legacy!.id;
  if (!database) await handle.close();
  // Many viewers' addresses (X-Forwarded-For from a trusted proxy), so the per-address limit of keyless requests stays out of the way.
  server = await startServerProcess({ ...env, NODE_OPTIONS: "--max-old-space-size=256 --max-semi-space-size=16", TRUSTED_PROXIES: "loopback" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.close();
});

const as = (key: number) => (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { ...bearer(keys[key]!), "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

function rssMiB(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)![1]) / 1024;
}

it("a save whose drawing passes the budget is refused with 413, saying what to reduce, and nothing is stored", async () => {
  const api = as(0);
  const { particles, text } = overBudgetDocuments();
  const refusedParticles = await api("POST", "/overlays", { name: "Snow", document: particles });
  expect(refusedParticles.status).toBe(413);
  const body = await refusedParticles.json();
  expect(body.error.code).toBe("payload_too_large");
  expect(body.error.message).toMatch(/more than 2,000 particles in all: lower the particle layers' counts or remove some of them/);

  const created = await api("POST", "/overlays", { name: "Small", document: { schema: 1, canvas: { width: 640, height: 360 }, layers: [] } });
  expect(created.status).toBe(201);
  const { item } = await created.json();
  const refusedText = await api("PUT", `/overlays/${item.id}`, { baseRev: 1, document: text });
  expect(refusedText.status).toBe(413);
  expect((await refusedText.json()).error.message).toMatch(/more than 20,000 characters of text once its \{\{variables\}\} are filled/);
  const kept = await (await api("GET", `/overlays/${item.id}`)).json();
  expect(kept.item.rev).toBe(1);
  expect(kept.item.document.layers).toEqual([]);
});

it("a stored document over the budget draws a clear placeholder on stream, never an error", async () => {
  const api = as(2);
  const { item } = await (await api("GET", `/overlays/${legacyId}`)).json();
  const page = await fetch(`${server.url}/overlays/source/${item.browserSource.token}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('data-drawing="too-large"');
  expect(html).toContain("This overlay is too large to draw.");
  expect(html).toContain("more than 2,000 particles in all");
  const feed = await fetch(`${server.url}/api/overlay-source/${item.browserSource.token}`);
  expect(feed.status).toBe(200);
  expect((await feed.json()).svg).toContain('data-drawing="too-large"');
});

it(`the worst documents the limits allow, drawn ${DRAWS} times on stream, grow the process by under ${GROWTH_BOUND_MIB} MiB`, async () => {
  const api = as(1);
  const worst = worstValidDocument();
  const created = await api("POST", "/overlays", { name: "Worst", document: worst });
  expect(created.status).toBe(201);
  let { item } = await created.json();
  const { item: legacy } = await (await as(2)("GET", `/overlays/${legacyId}`)).json();
  const token = item.browserSource.token;
  const before = rssMiB();
  let peak = before;
  // Five revisions of the worst document, each drawn once and then answered to many requests: the page and its feed, with the legacy placeholder between.
  const revisions = 5;
  let answered = 0;
  for (let rev = 1; rev <= revisions; rev++) {
    if (rev > 1) {
      const saved = await api("PUT", `/overlays/${item.id}`, { baseRev: item.rev, document: { ...worst, canvas: { width: 1920, height: 1080 + rev } } });
      expect(saved.status).toBe(200);
      item = (await saved.json()).item;
    }
    const paths = Array.from({ length: DRAWS / revisions }, (_, i) =>
      i % 10 === 9 ? `/overlays/source/${legacy.browserSource.token}` : i % 2 ? `/api/overlay-source/${token}` : `/overlays/source/${token}`,
    );
    // Eight at a time, as several OBS sources and the editor would ask.
    for (let i = 0; i < paths.length; i += 8) {
      const answers = await Promise.all(
        paths.slice(i, i + 8).map((path, j) => fetch(`${server.url}${path}`, { headers: { "x-forwarded-for": `10.27.${rev}.${(i + j) % 250}` } })),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        const body = await answer.text();
        expect(body.length).toBeGreaterThan(500);
        answered++;
      }
      peak = Math.max(peak, rssMiB());
    }
    const feed = await (await fetch(`${server.url}/api/overlay-source/${token}`)).json();
    expect(feed.rev).toBe(rev);
    expect(feed.height).toBe(rev === 1 ? 1080 : 1080 + rev);
    expect(feed.svg.match(/<circle /g)).toHaveLength(2_000);
  }
  expect(answered).toBe(DRAWS);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  console.info(
    `overlay drawing budget: RSS ${before.toFixed(0)} MiB before ${DRAWS} answers of the worst documents, at most ${peak.toFixed(0)} MiB while answering (bound: +${GROWTH_BOUND_MIB} MiB)`,
  );
  expect(peak - before).toBeLessThan(GROWTH_BOUND_MIB);
}, 180_000);
