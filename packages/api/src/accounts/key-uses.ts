/**
 * When each API key was last used (GET /keys' lastUsedAt), recorded without a
 * write per request: a key's use is written at most once a minute per
 * process, at once and not awaited.
 */
import { apiKeys, type Db } from "@streamkit/db";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { AppDeps } from "../shared/deps";
import { boundedCache } from "../shared/bounded-cache";

const RECORD_EVERY_MS = 60_000;

export class KeyUses {
  /** Keys whose use this process has recorded in the last minute (service clock), and when. */
  private readonly recorded = boundedCache<{ at: number }>({ maxEntries: 100_000, maxBytes: 100_000 * 64 });
  private pending = new Map<string, Date>();

  constructor(private readonly deps: Pick<AppDeps, "db" | "log">) {}

  use(keyId: string, now: Date): void {
    const last = this.recorded.get(keyId);
    if (last && now.getTime() >= last.at && now.getTime() - last.at < RECORD_EVERY_MS) return;
    this.recorded.set(keyId, { at: now.getTime() }, { size: 64 });
    this.pending.set(keyId, now);
    // Written at once, not awaited (a key just used shows as used); a key's next write waits a minute.
    void this.write();
  }

  /** Writes what is pending now; never fails (a use that cannot be written is logged and lost). */
  async write(): Promise<void> {
    const uses = this.pending;
    this.pending = new Map();
    await recordKeyUses(this.deps.db, uses).catch((error: unknown) => this.deps.log.warn({ err: error, keys: uses.size }, "could not record API key use"));
  }
}

/** One statement for every key; a key already recorded within the minute before its use is left alone. */
async function recordKeyUses(db: Db, uses: Map<string, Date>): Promise<void> {
  if (uses.size === 0) return;
  const ids = [...uses.keys()];
  const ats = [...uses.values()].map((at) => at.toISOString());
  const used = sql`(select * from unnest(${`{${ids.join(",")}}`}::uuid[], ${`{${ats.join(",")}}`}::timestamptz[]) as u(id, at))`;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`u.at` })
    .from(sql`${used} u`)
    .where(and(eq(apiKeys.id, sql`u.id`), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`u.at - interval '1 minute'`))));
}
