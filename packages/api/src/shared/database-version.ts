/**
 * A version the database keeps (a one-row counter that triggers bump in the
 * transaction of every change it stands for: marketplace_version,
 * market_version), read fresh for every request that needs it — so a change
 * committed by any process is seen by the very next request of every other —
 * but shared: requests that arrive while a read is under way wait for the next
 * read, started once that one ends, and all take its answer. One tiny indexed
 * statement per database round trip however many requests are waiting, and
 * never a version read before the request arrived.
 */
import type { Db } from "@streamkit/db";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

export class DatabaseVersion {
  private running?: Promise<string>;
  private next?: Promise<string>;

  constructor(private readonly read: () => Promise<string>) {}

  current(): Promise<string> {
    if (!this.running) return this.start();
    this.next ??= this.running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.next = undefined;
        return this.start();
      });
    return this.next;
  }

  private start(): Promise<string> {
    const reading = this.read().finally(() => {
      if (this.running === reading) this.running = undefined;
    });
    this.running = reading;
    return reading;
  }
}

/** A one-row counter table: its row 1's `version`. */
export interface CounterTable {
  table: PgTable;
  id: PgColumn;
  version: PgColumn;
  /** The prepared statement's name, unique per counter. */
  statement: string;
}

function readerFor(db: Db, counter: CounterTable): () => Promise<string> {
  const statement = db.select({ version: counter.version }).from(counter.table).where(eq(counter.id, 1)).prepare(counter.statement);
  return async () => {
    const [row] = await statement.execute();
    return String(row?.version ?? 0);
  };
}

/** The shared reader of one counter in one database (one per process, database and counter). */
export function databaseVersionOf(counter: CounterTable): (db: Db) => DatabaseVersion {
  const versions = new WeakMap<Db, DatabaseVersion>();
  return (db) => {
    let version = versions.get(db);
    if (!version) {
      version = new DatabaseVersion(readerFor(db, counter));
      versions.set(db, version);
    }
    return version;
  };
}
