/**
 * The marketplace's version (the one-row counter that triggers bump in the
 * transaction of every change anonymous browsing shows; packages/db
 * marketplace_version), read fresh for every anonymous request — so a change
 * committed by any process is seen by the very next request of every other —
 * but shared: requests that arrive while a read is under way wait for the next
 * read, started once that one ends, and all take its answer. One tiny indexed
 * statement per database round trip however many requests are waiting, and
 * never a version read before the request arrived.
 */
import { type Db, marketplaceVersion } from "@streamkit/db";
import { eq } from "drizzle-orm";

export class MarketplaceVersion {
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

function readerFor(db: Db): () => Promise<string> {
  const statement = db
    .select({ version: marketplaceVersion.version })
    .from(marketplaceVersion)
    .where(eq(marketplaceVersion.id, 1))
    .prepare("marketplace_version");
  return async () => {
    const [row] = await statement.execute();
    return String(row?.version ?? 0);
  };
}

const versions = new WeakMap<Db, MarketplaceVersion>();

/** The shared reader of a database (one per process and database). */
export function marketplaceVersionOf(db: Db): MarketplaceVersion {
  let version = versions.get(db);
  if (!version) {
    version = new MarketplaceVersion(readerFor(db));
    versions.set(db, version);
  }
  return version;
}
