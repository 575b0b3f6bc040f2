import { availabilityLimits } from "@streamkit/api-contract";
import { accounts, apiKeys, databaseUnavailableReason, openDatabase } from "@streamkit/db";
import { eq, inArray, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { answerWithin, type Cluster, clusterWithAccount } from "../support/cluster";
import { type ServerProcess, startServerProcess } from "../support/server-process";

const AUTH_SECRET = "freeze-test-session-secret-0123456789abcdef";
/** The server's client-side deadline in this test. */
const QUERY_TIMEOUT_MS = 2_000;
/**
 * Longest an answer may take while the database is frozen: the deadline, or a pool wait (3 s) then a connection
 * attempt (2 s) for requests beyond the pool's ten connections, with room for a loaded machine.
 */
const ANSWER_BOUND_MS = 10_000;
/** More requests at once than the pool has connections (10): some wait for one. */
const CONCURRENT = 16;

let cluster: Cluster;
let server: ServerProcess | undefined;
let cookie: string;
let accountId: string;

beforeAll(async () => {
  ({ cluster, accountId, cookie } = await clusterWithAccount(AUTH_SECRET));
}, 120_000);

afterAll(async () => {
  await cluster?.thaw();
  await server?.stop();
  await cluster?.remove();
});

type Kind = "v1" | "trpc-read" | "write" | "readyz";

interface Answer {
  kind: Kind;
  status: number;
  ms: number;
  retryAfter: string | null;
  body: any;
  keyName?: string;
}

let writes = 0;
async function request(base: string, kind: Kind): Promise<Answer> {
  const t0 = performance.now();
  let path = "/readyz";
  let init: RequestInit = {};
  let keyName: string | undefined;
  if (kind === "v1") path = "/api/v1/plugins?limit=5";
  if (kind === "trpc-read") {
    path = "/api/trpc/keys.list";
    init = { headers: { cookie } };
  }
  if (kind === "write") {
    keyName = `freeze-${writes++}`;
    path = "/api/trpc/keys.create";
    init = {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: base },
      body: JSON.stringify({ name: keyName, scopes: ["plugins:read"] }),
    };
  }
  // Without a deadline these wait for as long as the database is frozen: the timeout ends the wait, and the test fails.
  const { status, retryAfter, body } = await answerWithin(`${base}${path}`, init, ANSWER_BOUND_MS * 3);
  return { kind, status, ms: performance.now() - t0, retryAfter, body, keyName };
}

const kinds: Kind[] = ["v1", "trpc-read", "write", "readyz"];
const wave = (base: string) => Promise.all(Array.from({ length: CONCURRENT }, (_, i) => request(base, kinds[i % kinds.length]!)));

it("answers 503 with Retry-After within the bound while PostgreSQL is frozen, and recovers when it thaws", async () => {
  server = await startServerProcess({
    DATABASE_URL: cluster.url,
    AUTH_SECRET,
    WEB_RATE_LIMIT_PER_MINUTE: "100000",
    DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
  });
  const base = server.url;
  // Connections open and in use before the freeze.
  for (const answer of await wave(base)) expect(answer.status, JSON.stringify(answer.body)).toBe(200);

  await cluster.freeze();
  // The first wave meets connections that were open; the second, a pool whose connections the deadline replaced.
  const frozen = [...(await wave(base)), ...(await wave(base))];
  await cluster.thaw();

  for (const answer of frozen) {
    expect(answer.status, `${answer.kind}: ${JSON.stringify(answer.body)}`).toBe(503);
    expect(answer.retryAfter).toBe(String(availabilityLimits.retryAfterSeconds));
    const code = answer.body?.error?.data?.appError?.code ?? answer.body?.error?.code;
    expect(code, JSON.stringify(answer.body)).toBe("service_unavailable");
    expect(answer.ms, answer.kind).toBeLessThan(ANSWER_BOUND_MS);
  }

  // Thawed: the same process answers again.
  let ready: Answer | undefined;
  for (let attempt = 0; attempt < 100; attempt++) {
    ready = await request(base, "readyz");
    if (ready.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(ready?.status).toBe(200);
  for (const answer of await wave(base)) expect(answer.status, `${answer.kind}: ${JSON.stringify(answer.body)}`).toBe(200);

  // A write answered 503 never reached its commit: none of them is in the database.
  const refused = frozen.filter((a) => a.kind === "write").map((a) => a.keyName!);
  const check = await openDatabase({ url: cluster.url, maxConnections: 1 });
  const rows = await check.db.select({ name: apiKeys.name }).from(apiKeys).where(inArray(apiKeys.name, refused));
  await check.close();
  expect(rows).toEqual([]);

  const ms = frozen.map((a) => a.ms);
  console.info(
    `freeze: ${frozen.length} requests while frozen, all 503; time to 503 min ${Math.round(Math.min(...ms))} ms, ` +
      `median ${Math.round(ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)]!)} ms, max ${Math.round(Math.max(...ms))} ms (deadline ${QUERY_TIMEOUT_MS} ms)`,
  );
}, 120_000);

it("cuts a query or transaction at the deadline, rolls the transaction back, and the pool's connection is replaced", async () => {
  // One connection, so the query after the cut runs where the cut one ran. The server-side statement_timeout is far away.
  const database = await openDatabase({ url: cluster.url, maxConnections: 1, timeouts: { queryMs: 500, statementMs: 60_000 } });
  const locker = postgres(cluster.url, { max: 1, onnotice: () => {} });
  let release!: () => void;
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = locker.begin(async (tx) => {
    await tx`lock table api_keys in access exclusive mode`;
    locked();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await isLocked;
  try {
    // A transaction: its first write done, its second statement waits on the lock past the deadline.
    const transaction = await database.db
      .transaction(async (tx) => {
        await tx.update(accounts).set({ name: "written in the cut transaction" }).where(eq(accounts.id, accountId));
        await tx.select().from(apiKeys);
      })
      .then(
        () => "committed",
        (error: unknown) => databaseUnavailableReason(error),
      );
    expect(transaction).toBe("QUERY_TIMEOUT");
    // A single query, likewise.
    const query = await database.db
      .select()
      .from(apiKeys)
      .then(
        () => "answered",
        (error: unknown) => databaseUnavailableReason(error),
      );
    expect(query).toBe("QUERY_TIMEOUT");
    expect(database.available()).toBe(false);
  } finally {
    release();
    await holding;
    await locker.end({ timeout: 1 });
  }
  // The same pool, on a fresh connection: it answers, and the cut transaction left nothing behind.
  const [account] = await database.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  expect(account!.name).not.toBe("written in the cut transaction");
  expect(database.available()).toBe(true);
  const [{ value }] = (await database.db.execute(sql`select 1 as value`)) as unknown as [{ value: number }];
  expect(value).toBe(1);
  await database.close();
}, 120_000);
