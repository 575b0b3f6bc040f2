/**
 * A connection that closes under an operation (PostgreSQL shutting down,
 * a backend terminated) fails that operation at once as "unavailable", and
 * nothing of a transaction cut that way runs after it: postgres.js alone lets
 * the transaction's callback go on, on the next connection and outside any
 * transaction, or leaves its queries pending until the deadline
 * (packages/db pool-gate.ts, ConnectionSlots).
 */
import { apiKeys, type DatabaseHandle, databaseUnavailableReason, migrateDatabase, openDatabase } from "@streamkit/db";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Cluster, startCluster } from "../support/cluster";
import { insertAccount } from "../support/factories";

/** Far beyond what the test allows an answer: a cut that waited for it would fail the test's own bound. */
const QUERY_TIMEOUT_MS = 30_000;

let cluster: Cluster;
let database: DatabaseHandle;
let admin: postgres.Sql;

beforeAll(async () => {
  cluster = await startCluster();
  database = await openDatabase({ url: cluster.url, maxConnections: 1, timeouts: { queryMs: QUERY_TIMEOUT_MS } });
  await migrateDatabase(database);
  admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
}, 120_000);

afterAll(async () => {
  await admin?.end({ timeout: 1 });
  await database?.close(1);
  await cluster?.remove();
});

it("fails a transaction whose connection is terminated at once, runs none of the rest of it, and serves the next operation", async () => {
  const account = await insertAccount(database.db);
  let backend = 0;
  let started!: () => void;
  const inTransaction = new Promise<void>((resolve) => (started = resolve));
  let resume!: () => void;
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  // Wrapped: a promise resolved with a promise would adopt it.
  let restSent!: (rest: { sent: Promise<unknown> }) => void;
  const rest = new Promise<{ sent: Promise<unknown> }>((resolve) => (restSent = resolve));

  const t0 = performance.now();
  const transaction = database.db.transaction(async (tx) => {
    // postgres.js' rows (this test runs on PostgreSQL only).
    const rows = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { pid: number }[];
    backend = Number(rows[0]!.pid);
    started();
    await resumed;
    // What the callback does after its connection is gone must not reach the database.
    const insert = tx.insert(apiKeys).values({ accountId: account.id, name: "after the cut", prefix: "skit_cut", hash: "cut-hash", scopes: ["plugins:read"] });
    const sent = Promise.resolve(insert);
    restSent({ sent });
    await sent;
  });
  const outcome = transaction.then(
    () => ({ ok: true as const, ms: performance.now() - t0 }),
    (error: unknown) => ({ ok: false as const, error, ms: performance.now() - t0 }),
  );

  await inTransaction;
  await admin`select pg_terminate_backend(${backend})`;
  const result = await outcome;
  expect(result.ok).toBe(false);
  expect(databaseUnavailableReason(!result.ok && result.error)).toBeDefined();
  expect(result.ms).toBeLessThan(QUERY_TIMEOUT_MS / 3);

  // The callback goes on; its insert fails rather than running on another connection by itself.
  resume();
  await expect((await rest).sent).rejects.toSatisfy((error) => databaseUnavailableReason(error) !== undefined);
  const landed = await admin`select count(*)::int as n from api_keys where name = 'after the cut'`;
  expect(landed[0]!.n).toBe(0);

  // The slot has a fresh connection: the next operation works.
  const rows = await database.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.accountId, account.id));
  expect(rows).toEqual([]);
}, 60_000);
