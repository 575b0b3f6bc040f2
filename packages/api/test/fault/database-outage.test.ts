/**
 * A database outage must not make requests hang (docs/operations.md). A throwaway PostgreSQL cluster of this file's own, a real
 * server process on it, bounded concurrent load — reads on /api/v1,
 * /api/trpc and /healthz, and committed writes (API keys created through the
 * website's tRPC endpoint) — and the cluster stopped mid-load: every answer
 * during the outage comes within the bound, as 503 with Retry-After, never a
 * 500; after the cluster restarts the same process recovers by itself
 * (/readyz turns 200) and every write answered 2xx is in the database.
 * The website's guard (whileDatabaseDown) is checked on the same outage.
 */
import { createServer, type Server } from "node:http";
import { availabilityLimits } from "@streamkit/api-contract";
import { apiKeys, type DatabaseHandle, migrateDatabase, openDatabase } from "@streamkit/db";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { whileDatabaseDown } from "../../src/server/health";
import { answerWithin, type Cluster, sessionCookie, startCluster } from "../support/cluster";
import { insertAccount } from "../support/factories";
import { type ServerProcess, startServerProcess } from "../support/server-process";

/** Longest an answer may take while the database is down: the connection wait (3 s) plus a connect attempt (2 s), with room for a loaded machine. */
const ANSWER_BOUND_MS = 10_000;
const AUTH_SECRET = "fault-test-session-secret-0123456789abcdef";
const WORKERS = 8;
const ACCOUNTS = WORKERS;
/** Anonymous /api/v1 reads stay under the per-address limit (120 a minute), so 429 never muddles the statuses. */
const MAX_ANONYMOUS = 80;

let cluster: Cluster;
let server: ServerProcess | undefined;
let website: Server | undefined;
let websiteDatabase: DatabaseHandle | undefined;

beforeAll(async () => {
  cluster = await startCluster();
  const setup = await openDatabase({ url: cluster.url, maxConnections: 2 });
  await migrateDatabase(setup);
  await setup.close();
  server = await startServerProcess({ DATABASE_URL: cluster.url, AUTH_SECRET, WEB_RATE_LIMIT_PER_MINUTE: "100000" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((done) => (website ? website.close(done) : done(undefined)));
  await websiteDatabase?.close().catch(() => {});
  await cluster?.remove();
});

interface Answer {
  kind: "v1" | "trpc-read" | "write" | "healthz";
  phase: "before" | "outage" | "after";
  status: number;
  ms: number;
  retryAfter: string | null;
  body: any;
  keyName?: string;
}

it("answers 503 with Retry-After within the bound while the database is down, recovers by itself and loses no committed write", async () => {
  const started = performance.now();
  const base = server!.url;
  const setup = await openDatabase({ url: cluster.url, maxConnections: 2 });
  const cookies: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const account = await insertAccount(setup.db);
    cookies.push(await sessionCookie(account.id, AUTH_SECRET));
  }
  await setup.close();

  let phase: Answer["phase"] = "before";
  let stop = false;
  let anonymous = 0;
  let writes = 0;
  const answers: Answer[] = [];

  async function request(kind: Answer["kind"], worker: number): Promise<Answer> {
    const at = phase;
    const t0 = performance.now();
    let path = "/healthz";
    let init: RequestInit = {};
    let keyName: string | undefined;
    if (kind === "v1") path = "/api/v1/plugins?limit=5";
    if (kind === "trpc-read") {
      path = "/api/trpc/keys.list";
      init = { headers: { cookie: cookies[worker]! } };
    }
    if (kind === "write") {
      keyName = `fault-${worker}-${writes++}`;
      path = "/api/trpc/keys.create";
      init = {
        method: "POST",
        headers: { cookie: cookies[worker]!, "content-type": "application/json", origin: base },
        body: JSON.stringify({ name: keyName, scopes: ["plugins:read"] }),
      };
    }
    // No answer at all (status 0) fails the test below, with what happened.
    const { status, retryAfter, body } = await answerWithin(`${base}${path}`, init, ANSWER_BOUND_MS * 3);
    const answer = { kind, phase: at, status, ms: performance.now() - t0, retryAfter, body, keyName };
    answers.push(answer);
    return answer;
  }

  const kinds: Answer["kind"][] = ["write", "trpc-read", "write", "v1", "healthz"];
  async function worker(index: number) {
    // A bounded number of requests per worker; each waits for the previous answer.
    for (let n = 0; n < 400 && !stop; n++) {
      let kind = kinds[(index + n) % kinds.length]!;
      if (kind === "v1" && anonymous++ >= MAX_ANONYMOUS) kind = "trpc-read";
      // Keep each account under its 50 keys.
      if (kind === "write" && answers.filter((a) => a.kind === "write" && a.keyName?.startsWith(`fault-${index}-`)).length >= 40) kind = "trpc-read";
      await request(kind, index);
    }
  }
  const outageSeen = () => answers.filter((a) => a.phase === "outage" && a.status === 503).length;
  const waitFor = async (condition: () => boolean, what: string, limitMs: number) => {
    const deadline = performance.now() + limitMs;
    while (!condition()) {
      if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const load = Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i)));
  await waitFor(() => answers.filter((a) => a.kind === "write" && a.status === 200).length >= 10, "writes before the outage", 30_000);

  // The outage, mid-load.
  phase = "outage";
  await cluster.stop();
  await waitFor(() => outageSeen() >= 3 * WORKERS, "503s during the outage", 30_000);

  // The website's guard sees the same outage: a page that needs the database is the designed 503 page.
  websiteDatabase = await openDatabase({ url: cluster.url, maxConnections: 2 }).catch(() => undefined);
  // (The cluster is down, so the handle opened lazily: postgres.js connects on the first query.)
  const guarded = whileDatabaseDown({ database: websiteDatabase!, deps: { db: websiteDatabase!.db } }, async (_req, res) => {
    try {
      await websiteDatabase!.db.execute(sql`select 1`);
      res.writeHead(200, { "content-type": "text/html" }).end("<h1>page</h1>");
    } catch {
      res.writeHead(500, { "content-type": "text/html" }).end("This page couldn't load");
    }
  });
  website = createServer((req, res) => void guarded(req, res));
  await new Promise<void>((done) => website!.listen(0, "127.0.0.1", done));
  const websiteUrl = `http://127.0.0.1:${(website.address() as { port: number }).port}/market`;
  await fetch(websiteUrl); // The first page to meet the outage tells the guard.
  const downPage = await fetch(websiteUrl);
  expect(downPage.status).toBe(503);
  expect(downPage.headers.get("retry-after")).toBe(String(availabilityLimits.retryAfterSeconds));
  expect(downPage.headers.get("content-type")).toMatch(/^text\/html/);
  expect(await downPage.text()).toContain("Streamkit is back in a moment");
  const asset = await fetch(websiteUrl.replace("/market", "/_next/static/x.js"));
  expect(asset.status).not.toBe(503);

  const readyWhileDown = await fetch(`${base}/readyz`);
  expect(readyWhileDown.status).toBe(503);
  expect(readyWhileDown.headers.get("retry-after")).toBe(String(availabilityLimits.retryAfterSeconds));
  expect(await readyWhileDown.json()).toMatchObject({ error: { code: "service_unavailable", details: { database: "down" } } });

  // Back: the same process recovers without a restart.
  await cluster.start();
  const restarted = performance.now();
  let ready: Response | undefined;
  for (let attempt = 0; attempt < 300; attempt++) {
    ready = await fetch(`${base}/readyz`);
    if (ready.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(ready?.status).toBe(200);
  expect(await ready!.json()).toEqual({ status: "ready", database: "up" });
  const recoveryMs = performance.now() - restarted;
  phase = "after";
  const afterCount = () => answers.filter((a) => a.phase === "after" && a.status === 200 && a.kind === "write").length;
  await waitFor(() => afterCount() >= WORKERS, "writes after the outage", 30_000);
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await fetch(websiteUrl)).status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await fetch(websiteUrl)).status).toBe(200);
  stop = true;
  await load;

  // Every answer: within the bound, and 200 or 503 (never a 500); every 503 says when to retry.
  for (const answer of answers) {
    expect(answer.ms, `${answer.kind} in ${answer.phase}`).toBeLessThan(ANSWER_BOUND_MS);
    expect([200, 503], `${answer.kind} in ${answer.phase}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
    if (answer.kind === "healthz") expect(answer.status).toBe(200);
    if (answer.status === 503) {
      expect(answer.retryAfter).toBe(String(availabilityLimits.retryAfterSeconds));
      // The envelope, or tRPC's shape when the procedure itself met the outage.
      const code = answer.body?.error?.data?.appError?.code ?? answer.body?.error?.code;
      expect(code).toBe("service_unavailable");
    }
  }
  for (const kind of ["v1", "trpc-read", "write"] as const) {
    expect(
      answers.some((a) => a.kind === kind && a.phase === "outage" && a.status === 503),
      `${kind} answered 503 during the outage`,
    ).toBe(true);
  }

  // No committed write lost: every key answered 200 is in the database.
  const committed = answers.filter((a) => a.kind === "write" && a.status === 200).map((a) => a.keyName!);
  const check = await openDatabase({ url: cluster.url, maxConnections: 1 });
  const rows = await check.db.select({ name: apiKeys.name }).from(apiKeys).where(inArray(apiKeys.name, committed));
  await check.close();
  expect(rows.map((r) => r.name).sort()).toEqual([...committed].sort());

  const count = (phase: Answer["phase"], status: number) => answers.filter((a) => a.phase === phase && a.status === status).length;
  console.info(
    `fault: ${answers.length} answers (before ${count("before", 200)}×200; outage ${count("outage", 200)}×200 ${count("outage", 503)}×503; after ${count("after", 200)}×200 ${count("after", 503)}×503), ` +
      `slowest ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms, ${committed.length} committed writes, recovery ${Math.round(recoveryMs)} ms, test ${Math.round(performance.now() - started)} ms`,
  );
}, 120_000);
