import { setTimeout as sleep } from "node:timers/promises";
import type { DatabaseHandle } from "@streamkit/db";
import postgres from "postgres";

/**
 * Makes a race certain rather than a matter of timing. On PostgreSQL the test
 * holds a row lock of its own (`lockSql`, e.g. the account's row FOR UPDATE)
 * while `start` fires the racing calls, waits until `racers` backends are
 * blocked on a lock (the calls have all done their reads and are about to
 * write, or are queued for the same lock), then commits, so they all go at
 * once. The gate only sharpens the race: if fewer block within `timeoutMs`
 * (an implementation that never touches that row), it opens anyway and the
 * caller's assertions decide. On PGlite (one connection, statements run one
 * at a time, interleaved between the calls' awaits) the calls simply start.
 *
 * `ownConnection`: the gate holds its lock and polls on connections of its
 * own, not the app's pool — for races of more calls than the pool has
 * connections, whose blocked racers would otherwise hold every connection the
 * gate needs (keep `racers` below the pool's size: the others queue for one).
 */
export async function raceThroughLock<T>(
  database: DatabaseHandle,
  gate: { lockSql: string; params: (string | number)[]; racers: number; timeoutMs?: number; ownConnection?: boolean },
  start: () => Promise<T>[],
): Promise<PromiseSettledResult<T>[]> {
  if (database.kind !== "postgres" || !database.sql) return Promise.allSettled(start());
  const own = gate.ownConnection && database.url ? postgres(database.url, { max: 2, onnotice: () => {} }) : null;
  const sql = own ?? database.sql;
  let calls: Promise<T>[] = [];
  await sql
    .begin(async (tx) => {
      await tx.unsafe(gate.lockSql, gate.params);
      calls = start();
      // Settled promises never reject unhandled while the gate is closed.
      for (const call of calls) call.catch(() => undefined);
      const deadline = Date.now() + (gate.timeoutMs ?? 10_000);
      while (Date.now() < deadline) {
        const [row] = await sql<{ waiting: number }[]>`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`;
        if (row!.waiting >= gate.racers) break;
        await sleep(10);
      }
    })
    .finally(() => own?.end({ timeout: 5 }));
  return Promise.allSettled(calls);
}
