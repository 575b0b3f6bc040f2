/**
 * Bounds on waiting for the database, on the postgres.js path.
 *
 * The wait for a connection: postgres.js queues a query that finds every
 * connection busy (or the database unreachable) with no limit, and while the
 * database is down its reconnect backoff grows to 20 s, so requests piled up
 * and waited for most of a minute. The gate admits at most as many
 * operations as the pool has connections — a query, or a whole transaction,
 * which holds its connection throughout — and fails the others after
 * `waitMs` (and at once when `maxWaiting` already wait), with an error coded
 * CONNECTION_WAIT_TIMEOUT that the API answers as 503.
 *
 * The wait for an answer: a frozen server (SIGSTOP, a hung host) keeps its
 * sockets open and answers nothing, and its statement_timeout cannot fire.
 * Each admitted operation runs on a connection of its own (a postgres.js
 * client of one connection per permit, so the connection is known) under a
 * client-side deadline; past it the operation fails with QUERY_TIMEOUT (503
 * too) and its client is ended and replaced: the cut query's connection is
 * never used again, and a transaction on it, never committed, is rolled back
 * by PostgreSQL when the connection goes.
 *
 * It also remembers whether the last operation found the database
 * unavailable, for the website's "down" page (`available`).
 */
import postgres from "postgres";
import { CONNECTION_WAIT_TIMEOUT, databaseUnavailableReason, QUERY_TIMEOUT } from "./error-codes";

export class ConnectionWaitTimeout extends Error {
  readonly code = CONNECTION_WAIT_TIMEOUT;
  constructor(waitMs: number, queued: boolean) {
    super(queued ? `No database connection became free within ${waitMs} ms` : "Too many operations are already waiting for a database connection");
    this.name = "ConnectionWaitTimeout";
  }
}

export class QueryDeadline extends Error {
  readonly code = QUERY_TIMEOUT;
  constructor(deadlineMs: number) {
    super(`The database did not answer within ${deadlineMs} ms`);
    this.name = "QueryDeadline";
  }
}

export class ConnectionLost extends Error {
  readonly code = "CONNECTION_CLOSED";
  constructor() {
    super("The database connection closed during the operation");
    this.name = "ConnectionLost";
  }
}

export interface PoolGate {
  /** Runs `operation` holding one permit: `slot` is the permit's number, 0 to permits − 1, no other operation's meanwhile. */
  run<T>(operation: (slot: number) => PromiseLike<T>): Promise<T>;
  /** False after an operation failed because the database was unavailable, until one succeeds. */
  available(): boolean;
  /** Operations waiting for a connection now. */
  waiting(): number;
}

export function createPoolGate(permits: number, waitMs: number, maxWaiting: number): PoolGate {
  const free = Array.from({ length: permits }, (_, slot) => permits - 1 - slot);
  let up = true;
  const queue: { grant(slot: number): void }[] = [];

  function acquire(): Promise<number> {
    if (free.length > 0) return Promise.resolve(free.pop()!);
    if (queue.length >= maxWaiting) return Promise.reject(new ConnectionWaitTimeout(waitMs, false));
    return new Promise((resolve, reject) => {
      const waiter = {
        grant(slot: number) {
          clearTimeout(timer);
          resolve(slot);
        },
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(waiter), 1);
        reject(new ConnectionWaitTimeout(waitMs, true));
      }, waitMs);
      queue.push(waiter);
    });
  }

  function release(slot: number) {
    const next = queue.shift();
    if (next) next.grant(slot);
    else free.push(slot);
  }

  return {
    async run(operation) {
      const slot = await acquire();
      try {
        const result = await operation(slot);
        up = true;
        return result;
      } catch (error) {
        if (databaseUnavailableReason(error)) up = false;
        throw error;
      } finally {
        release(slot);
      }
    },
    available: () => up,
    waiting: () => queue.length,
  };
}

/**
 * One postgres.js client of one connection per permit of the gate, all on
 * one options object's parsers (so Drizzle's, set on it, hold for each), and
 * two ways an operation is cut: the deadline — an operation on a slot that
 * has not settled after `deadlineMs` fails with QueryDeadline — and its
 * connection closing under it (a server shutting down), when it fails at once
 * with CONNECTION_CLOSED: postgres.js can leave a transaction's queued queries
 * pending forever once its connection is gone (porsager/postgres#1186), or let
 * the transaction's callback go on on the next connection (#1215). Either
 * way the slot's client is ended at once (its connection's pending queries
 * reject; PostgreSQL drops the session, and its open transaction) and
 * replaced by a fresh one, which connects on its first query.
 */
export class ConnectionSlots {
  private readonly clients: postgres.Sql[];
  private readonly options: postgres.Sql["options"];
  /** What to do when a client's connection closes under an operation (set while one runs on it). */
  private readonly onClose = new WeakMap<postgres.Sql, () => void>();
  /** Set by end(): a client cut then is not replaced. */
  private ending = false;

  /** `create`: a client of `max: 1`, given its close handler; its parsed options are every slot's. Clients connect on their first query. */
  constructor(
    create: (onclose: () => void) => postgres.Sql,
    count: number,
    private readonly deadlineMs: number,
  ) {
    const holder: { client?: postgres.Sql } = {};
    const first = create(() => this.closed(holder.client));
    holder.client = first;
    this.options = first.options;
    this.clients = [first];
    while (this.clients.length < count) this.clients.push(this.open());
  }

  /** postgres.js takes options it has parsed as they are: a copy shares their parsers and serializers (Drizzle's included). */
  private open(): postgres.Sql {
    const holder: { client?: postgres.Sql } = {};
    const options = { ...this.options, onclose: () => this.closed(holder.client) };
    holder.client = postgres(options as unknown as postgres.Options<Record<string, postgres.PostgresType>>);
    return holder.client;
  }

  private closed(client: postgres.Sql | undefined): void {
    if (client) this.onClose.get(client)?.();
  }

  /** The first slot's client: its options are every slot's. */
  get template(): postgres.Sql {
    return this.clients[0]!;
  }

  async run<T>(slot: number, operation: (sql: postgres.Sql) => PromiseLike<T>): Promise<T> {
    const client = this.clients[slot]!;
    let timer: NodeJS.Timeout | undefined;
    const cut = new Promise<never>((_, reject) => {
      const replace = (error: Error) => {
        if (this.clients[slot] === client && !this.ending) this.clients[slot] = this.open();
        // The cut operation's own rejection follows and is dropped: this one is the answer.
        void client.end({ timeout: 0 }).catch(() => {});
        reject(error);
      };
      timer = setTimeout(() => replace(new QueryDeadline(this.deadlineMs)), this.deadlineMs);
      this.onClose.set(client, () => replace(new ConnectionLost()));
    });
    try {
      return await Promise.race([operation(client), cut]);
    } finally {
      clearTimeout(timer);
      this.onClose.delete(client);
    }
  }

  /** Ends every client, waiting at most `timeoutSeconds` for queries running. */
  async end(timeoutSeconds: number): Promise<void> {
    this.ending = true;
    await Promise.all(this.clients.map((client) => client.end({ timeout: timeoutSeconds })));
  }
}

/**
 * The pool as Drizzle sees it: its top-level queries (`unsafe`) and
 * transactions (`begin`) pass the gate and run on the slot it grants, under
 * the deadline; everything else (`options`, which Drizzle adjusts) is the
 * first slot's client. Queries inside a transaction use the transaction's
 * own connection and are not gated again.
 */
export function gatePool(slots: ConnectionSlots, gate: PoolGate): postgres.Sql {
  return new Proxy(slots.template, {
    get(_target, property) {
      if (property === "unsafe") return (...args: Parameters<postgres.Sql["unsafe"]>) => new GatedQuery((sql) => sql.unsafe(...args), gate, slots);
      if (property === "begin")
        return (...args: unknown[]) => gate.run((slot) => slots.run(slot, (sql) => (sql.begin as (...a: unknown[]) => Promise<unknown>)(...args)));
      const template = slots.template;
      return Reflect.get(template, property, template);
    },
  });
}

/** postgres.js's query is lazy (it runs when awaited); so is this, and it runs through the gate. */
class GatedQuery<T> implements PromiseLike<T> {
  private asValues = false;
  private running?: Promise<T>;

  constructor(
    private readonly make: (sql: postgres.Sql) => postgres.PendingQuery<postgres.Row[]>,
    private readonly gate: PoolGate,
    private readonly slots: ConnectionSlots,
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
    this.running ??= this.gate.run((slot) =>
      this.slots.run(slot, (sql) => {
        const query = this.make(sql);
        return (this.asValues ? query.values() : query) as unknown as PromiseLike<T>;
      }),
    );
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
