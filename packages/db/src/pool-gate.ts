/**
 * A bound on waiting for a database connection. postgres.js queues a query
 * that finds every connection busy (or the database unreachable) with no
 * limit, and while the database is down its reconnect backoff grows to 20 s,
 * so requests piled up and waited for most of a minute. The gate admits at
 * most as many operations as the pool has connections — a query, or a whole
 * transaction, which holds its connection throughout — and fails the others
 * after `waitMs` (and at once when `maxWaiting` already wait), with an error
 * coded CONNECTION_WAIT_TIMEOUT that the API answers as 503.
 *
 * It also remembers whether the last operation found the database
 * unavailable, for the website's "down" page (`available`).
 */
import type postgres from "postgres";
import { CONNECTION_WAIT_TIMEOUT, databaseUnavailableReason } from "./error-codes";

export class ConnectionWaitTimeout extends Error {
  readonly code = CONNECTION_WAIT_TIMEOUT;
  constructor(waitMs: number, queued: boolean) {
    super(queued ? `No database connection became free within ${waitMs} ms` : "Too many operations are already waiting for a database connection");
    this.name = "ConnectionWaitTimeout";
  }
}

export interface PoolGate {
  run<T>(operation: () => PromiseLike<T>): Promise<T>;
  /** False after an operation failed because the database was unavailable, until one succeeds. */
  available(): boolean;
  /** Operations waiting for a connection now. */
  waiting(): number;
}

export function createPoolGate(permits: number, waitMs: number, maxWaiting: number): PoolGate {
  let free = permits;
  let up = true;
  const queue: { grant(): void }[] = [];

  function acquire(): Promise<void> {
    if (free > 0) {
      free--;
      return Promise.resolve();
    }
    if (queue.length >= maxWaiting) return Promise.reject(new ConnectionWaitTimeout(waitMs, false));
    return new Promise((resolve, reject) => {
      const waiter = {
        grant() {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(waiter), 1);
        reject(new ConnectionWaitTimeout(waitMs, true));
      }, waitMs);
      queue.push(waiter);
    });
  }

  function release() {
    const next = queue.shift();
    if (next) next.grant();
    else free++;
  }

  return {
    async run(operation) {
      await acquire();
      try {
        const result = await operation();
        up = true;
        return result;
      } catch (error) {
        if (databaseUnavailableReason(error)) up = false;
        throw error;
      } finally {
        release();
      }
    },
    available: () => up,
    waiting: () => queue.length,
  };
}

/**
 * The pool as Drizzle sees it: its top-level queries (`unsafe`) and
 * transactions (`begin`) pass the gate; everything else is the pool itself.
 * Queries inside a transaction use the transaction's own connection and are
 * not gated again.
 */
export function gatePool(sql: postgres.Sql, gate: PoolGate): postgres.Sql {
  return new Proxy(sql, {
    get(target, property) {
      if (property === "unsafe") return (...args: Parameters<postgres.Sql["unsafe"]>) => new GatedQuery(() => target.unsafe(...args), gate);
      if (property === "begin") return (...args: unknown[]) => gate.run(() => (target.begin as (...a: unknown[]) => Promise<unknown>)(...args));
      return Reflect.get(target, property, target);
    },
  });
}

/** postgres.js's query is lazy (it runs when awaited); so is this, and it runs through the gate. */
class GatedQuery<T> implements PromiseLike<T> {
  private asValues = false;
  private running?: Promise<T>;

  constructor(
    private readonly make: () => postgres.PendingQuery<postgres.Row[]>,
    private readonly gate: PoolGate,
  ) {}

  /** Rows as arrays (Drizzle asks for this). */
  values(): this {
    this.asValues = true;
    return this;
  }

  // biome-ignore lint/suspicious/noThenProperty: this object stands for a lazy query and must be awaitable, as the query it wraps is.
  then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.running ??= this.gate.run(() => {
      const query = this.make();
      return (this.asValues ? query.values() : query) as unknown as PromiseLike<T>;
    });
    return this.running.then(onFulfilled, onRejected);
  }
}

/**
 * postgres.js 3.4.9 can write to a connection after the server closed it (a
 * transaction's ROLLBACK after PostgreSQL stopped): its deferred write then
 * throws `TypeError: Cannot read properties of null (reading 'write')` from a
 * setImmediate, which no caller can catch, and Node ends the process. Known
 * and unfixed upstream (porsager/postgres#1154, #1208; fixes proposed in
 * #1168, #1209). The queries of that connection were already rejected
 * (CONNECTION_CLOSED), so this one exception is dropped; every other
 * uncaught exception still ends the process as Node's default does.
 * Remove when the driver guards `nextWrite`.
 */
export function survivePostgresNullSocketWrite(): void {
  const holder = globalThis as typeof globalThis & { __streamkitNullSocketGuard?: boolean };
  if (holder.__streamkitNullSocketGuard) return;
  holder.__streamkitNullSocketGuard = true;
  process.on("uncaughtException", (error) => {
    const stack = error instanceof Error ? (error.stack ?? "") : "";
    if (error instanceof TypeError && error.message.includes("reading 'write'") && /nextWrite/.test(stack) && /postgres[\\/]src[\\/]connection\.js/.test(stack))
      return;
    // Another listener (a framework's) decides about the rest; alone, behave as Node would.
    if (process.listenerCount("uncaughtException") > 1) return;
    console.error(error);
    process.exit(1);
  });
}
