/**
 * When each credential was last used — an API key (GET /keys' lastUsedAt), a
 * desktop sign-in (the connected apps' lastUsedAt) — recorded without a write
 * per request: a use is written at most once a minute per credential and
 * process, at once and not awaited by the request that used it.
 */
import { apiKeys, type Db, oauthGrants } from "@streamkit/db";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { AppDeps } from "../shared/deps";
import { boundedCache } from "../shared/bounded-cache";

const RECORD_EVERY_MS = 60_000;

/** Where a kind of credential's last use is stored: a use recorded less than a minute before is left alone (another process wrote it). */
const usedColumns = {
  key: { table: apiKeys, what: "API key" },
  grant: { table: oauthGrants, what: "desktop sign-in" },
} as const;

export type CredentialKind = keyof typeof usedColumns;

export class CredentialUses {
  /** Credentials whose use this process has recorded in the last minute (service clock), and when. */
  private readonly recorded = boundedCache<{ at: number }>({ maxEntries: 100_000, maxBytes: 100_000 * 64 });
  private readonly writing = new Set<Promise<void>>();

  constructor(private readonly deps: Pick<AppDeps, "db" | "log">) {}

  use(kind: CredentialKind, id: string, now: Date): void {
    const key = `${kind}:${id}`;
    const last = this.recorded.get(key);
    if (last && now.getTime() >= last.at && now.getTime() - last.at < RECORD_EVERY_MS) return;
    this.recorded.set(key, { at: now.getTime() }, { size: 64 });
    const write: Promise<void> = recordUse(this.deps.db, kind, id, now)
      .catch((error: unknown) => this.deps.log.warn({ err: error }, `could not record a ${usedColumns[kind].what}'s use`))
      .finally(() => this.writing.delete(write));
    this.writing.add(write);
  }

  /** Resolves once every use recorded so far is written (or given up): the lists wait, so a credential just used here never shows as unused. */
  async written(): Promise<void> {
    await Promise.all(this.writing);
  }
}

async function recordUse(db: Db, kind: CredentialKind, id: string, at: Date): Promise<void> {
  const { table } = usedColumns[kind];
  const aMinuteBefore = new Date(at.getTime() - RECORD_EVERY_MS);
  await db
    .update(table)
    .set({ lastUsedAt: at })
    .where(and(eq(table.id, id), or(isNull(table.lastUsedAt), lte(table.lastUsedAt, aMinuteBefore))));
}
