import type { BlendedDay, SourceState, SourceStates } from "@streamkit/fx";
import { type Db, fxDays, fxFeedState } from "@streamkit/db";
import { and, asc, desc, gte, lt, lte, sql } from "drizzle-orm";

/**
 * The exchange-rate tables, through the query builder only (db.execute answers
 * in different shapes on PGlite and postgres.js).
 *   fx_days        one blended day per date (USD pivot); history reads it.
 *   fx_feed_state  each source's schedule memory (SourceState), shared by every
 *                  process so that N servers still ask a publisher once.
 */

export interface StoredDay {
  day: BlendedDay;
  /** When the feeds behind this day were read. */
  fetchedAt: Date;
}

const dayColumns = {
  date: fxDays.date,
  rates: fxDays.rates,
  contributors: fxDays.contributors,
  sources: fxDays.sources,
  fetchedAt: fxDays.fetchedAt,
};

type DayRow = { date: string; rates: Record<string, number>; contributors: Record<string, string[]>; sources: string[]; fetchedAt: Date };

function toStored(row: DayRow): StoredDay {
  return {
    day: { date: row.date, pivot: "USD", rates: row.rates, contributors: row.contributors, sources: row.sources },
    fetchedAt: row.fetchedAt,
  };
}

/** The newest stored day, or the newest one strictly before `before`. */
export async function newestDay(db: Db, before?: string): Promise<StoredDay | null> {
  const [row] = await db
    .select(dayColumns)
    .from(fxDays)
    .where(before ? lt(fxDays.date, before) : undefined)
    .orderBy(desc(fxDays.date))
    .limit(1);
  return row ? toStored(row) : null;
}

/** Date and fetch time of the newest day: the cheap question other processes ask to notice a newer day. */
export async function newestDayHead(db: Db): Promise<{ date: string; fetchedAt: Date } | null> {
  const [row] = await db.select({ date: fxDays.date, fetchedAt: fxDays.fetchedAt }).from(fxDays).orderBy(desc(fxDays.date)).limit(1);
  return row ?? null;
}

/** One row per date: a day built again (a later round on the same date) replaces the stored one. */
export async function upsertDays(db: Db, days: readonly BlendedDay[], fetchedAt: Date): Promise<void> {
  if (days.length === 0) return;
  await db
    .insert(fxDays)
    .values(days.map((d) => ({ date: d.date, pivot: d.pivot, rates: d.rates, contributors: d.contributors, sources: d.sources, fetchedAt })))
    .onConflictDoUpdate({
      target: fxDays.date,
      set: {
        pivot: sql`excluded.pivot`,
        rates: sql`excluded.rates`,
        contributors: sql`excluded.contributors`,
        sources: sql`excluded.sources`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
}

/** Backfill: stores the days whose dates are not kept yet (a kept day, built from more sources, wins); returns the dates added. */
export async function insertMissingDays(db: Db, days: readonly BlendedDay[], fetchedAt: Date): Promise<string[]> {
  if (days.length === 0) return [];
  const inserted = await db
    .insert(fxDays)
    .values(days.map((d) => ({ date: d.date, pivot: d.pivot, rates: d.rates, contributors: d.contributors, sources: d.sources, fetchedAt })))
    .onConflictDoNothing({ target: fxDays.date })
    .returning({ date: fxDays.date });
  return inserted.map((r) => r.date);
}

/** The kept days from `from` to `to` inclusive, oldest first. */
export async function daysInRange(db: Db, from: string, to: string): Promise<{ date: string; rates: Record<string, number> }[]> {
  return db
    .select({ date: fxDays.date, rates: fxDays.rates })
    .from(fxDays)
    .where(and(gte(fxDays.date, from), lte(fxDays.date, to)))
    .orderBy(asc(fxDays.date));
}

export async function loadFeedStates(db: Db): Promise<SourceStates> {
  const rows = await db.select({ source: fxFeedState.source, state: fxFeedState.state }).from(fxFeedState);
  return Object.fromEntries(rows.map((r) => [r.source, r.state as SourceState]));
}

/** Each source's last attempt and success, without the remembered day: enough to tell whether the feeds are down. */
export async function loadFeedHealth(db: Db): Promise<Record<string, { lastAttemptAt?: string; lastSuccessAt?: string }>> {
  const rows = await db
    .select({
      source: fxFeedState.source,
      lastAttemptAt: sql<string | null>`${fxFeedState.state}->>'lastAttemptAt'`,
      lastSuccessAt: sql<string | null>`${fxFeedState.state}->>'lastSuccessAt'`,
    })
    .from(fxFeedState);
  return Object.fromEntries(
    rows.map((r) => [
      r.source,
      { ...(r.lastAttemptAt ? { lastAttemptAt: r.lastAttemptAt } : {}), ...(r.lastSuccessAt ? { lastSuccessAt: r.lastSuccessAt } : {}) },
    ]),
  );
}

export async function saveFeedStates(db: Db, states: SourceStates, now: Date): Promise<void> {
  const rows = Object.entries(states).map(([source, state]) => ({ source, state, updatedAt: now }));
  if (rows.length === 0) return;
  await db
    .insert(fxFeedState)
    .values(rows)
    .onConflictDoUpdate({ target: fxFeedState.source, set: { state: sql`excluded.state`, updatedAt: sql`excluded.updated_at` } });
}
