/**
 * When each API key was last used (GET /keys' lastUsedAt), recorded without a
 * write per request: a key's use is written at most once a minute per
 * process, at once and not awaited by the request that used it.
 */
import { apiKeys, type Db } from "@streamkit/db";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { AppDeps } from "../shared/deps";
import { boundedCache } from "../shared/bounded-cache";

const RECORD_EVERY_MS = 60_000;

export class KeyUses {
  /** Keys whose use this process has recorded in the last minute (service clock), and when. */
  private readonly recorded = boundedCache<{ at: number }>({ maxEntries: 100_000, maxBytes: 100_000 * 64 });
  private readonly writing = new Set<Promise<void>>();

  constructor(private readonly deps: Pick<AppDeps, "db" | "log">) {}

  use(keyId: string, now: Date): void {
    const last = this.recorded.get(keyId);
    if (last && now.getTime() >= last.at && now.getTime() - last.at < RECORD_EVERY_MS) return;
    this.recorded.set(keyId, { at: now.getTime() }, { size: 64 });
    const write: Promise<void> = recordKeyUse(this.deps.db, keyId, now)
      .catch((error: unknown) => this.deps.log.warn({ err: error }, "could not record API key use"))
      .finally(() => this.writing.delete(write));
    this.writing.add(write);
  }

  /** Resolves once every use recorded so far is written (or given up): the key list waits, so a key just used here never shows as unused. */
  async written(): Promise<void> {
    await Promise.all(this.writing);
  }
}

/** A use already recorded within the minute before it is left alone (another process wrote it). */
async function recordKeyUse(db: Db, keyId: string, at: Date): Promise<void> {
  const aMinuteBefore = new Date(at.getTime() - RECORD_EVERY_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, aMinuteBefore))));
}
