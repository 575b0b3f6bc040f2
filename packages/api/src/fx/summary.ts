import type { FetchAllResult, FetchMode } from "@streamkit/fx";
import type { FxSnapshot } from "./snapshot";

/** What one refresh round did: logged by the scheduler, printed as one JSON line by `npm run fx:refresh`. */
export interface RefreshSummary {
  /** False when sources were tried and none could be read. */
  ok: boolean;
  /** Set when no round ran: another process holds this interval's lease. */
  skipped?: "lease";
  mode: FetchMode;
  at: string;
  /** Dates upserted into fx_days, oldest first. */
  stored: string[];
  /** What the endpoints serve after the round. */
  current: { date: string; stale: boolean; builtin: boolean; sources: string[]; fetchedAt: string };
  read: { source: string; days: number; newest: string | null; url: string; attempts: number }[];
  failures: { source: string; kind: string; message: string; status?: number; attempts: number }[];
  notDue: { source: string; reason: string; until: string }[];
}

export function summarise(input: {
  mode: FetchMode;
  now: Date;
  stored: string[];
  snapshot: FxSnapshot;
  round?: FetchAllResult;
  down?: boolean;
  skipped?: "lease";
}): RefreshSummary {
  const { round, snapshot } = input;
  return {
    ok: !input.down,
    ...(input.skipped ? { skipped: input.skipped } : {}),
    mode: input.mode,
    at: input.now.toISOString(),
    stored: input.stored,
    current: {
      date: snapshot.day.date,
      stale: snapshot.stale,
      builtin: snapshot.builtin,
      sources: snapshot.builtin ? [] : snapshot.day.sources,
      fetchedAt: snapshot.fetchedAt,
    },
    read: (round?.results ?? []).map((r) => ({ source: r.source, days: r.days.length, newest: r.days.at(-1)?.date ?? null, url: r.url, attempts: r.attempts })),
    failures: (round?.failures ?? []).map((f) => ({
      source: f.source,
      kind: f.kind,
      message: f.message,
      ...(f.status !== undefined ? { status: f.status } : {}),
      attempts: f.attempts,
    })),
    notDue: (round?.skipped ?? []).map((s) => ({ source: s.source, reason: s.reason, until: s.until })),
  };
}
