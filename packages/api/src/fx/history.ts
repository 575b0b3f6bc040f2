import { createHash } from "node:crypto";
import type { Problem } from "@streamkit/api-contract";
import { daysBetween, FX_LIMITS, type HistoryResponse, rebaseRates } from "@streamkit/fx";
import type { Db } from "@streamkit/db";
import { FX_SERVICE } from "./config";
import { daysInRange } from "./store";

/**
 * GET /fx/history: the range, then the kept days in it. Defaults: `to` is the
 * date of the current rates, the length 30 days; `from`/`to`/`days` — at most
 * two of them — pin the range, at most FX_LIMITS.historyMaxDays days long.
 * A day that has no rate for the base, or none of the requested symbols, is
 * left out (a gap, like a day with the feeds down); a requested symbol missing
 * on a day is left out of that day.
 */

export type RangeResult = { ok: true; from: string; to: string } | { ok: false; message: string; problems: Problem[] };

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function resolveRange(query: { from?: string; to?: string; days?: number }, currentDate: string): RangeResult {
  const max = FX_LIMITS.historyMaxDays;
  const fail = (path: string, message: string): RangeResult => ({
    ok: false,
    message: `Invalid query parameter — ${path}: ${message}`,
    problems: [{ path, message }],
  });
  const { from, to, days } = query;
  if (from !== undefined && to !== undefined && days !== undefined) return fail("days", "Give at most two of from, to and days");
  let start: string;
  let end: string;
  if (from !== undefined && to !== undefined) [start, end] = [from, to];
  else if (from !== undefined && days !== undefined) [start, end] = [from, addDays(from, days - 1)];
  else if (from !== undefined) [start, end] = [from, currentDate];
  else {
    end = to ?? currentDate;
    start = addDays(end, -((days ?? FX_SERVICE.historyDefaultDays) - 1));
  }
  if (start > end) return fail("from", `${start} is after ${end}`);
  const length = daysBetween(start, end) + 1;
  if (length > max) return fail("days", `The range ${start} to ${end} is ${length} days; at most ${max}`);
  return { ok: true, from: start, to: end };
}

export async function readHistory(
  db: Db,
  range: { from: string; to: string },
  base: string,
  symbols: readonly string[] | undefined,
): Promise<{ body: HistoryResponse; etag: string }> {
  const rows = await daysInRange(db, range.from, range.to);
  const days: HistoryResponse["days"] = [];
  for (const row of rows) {
    const rebased = rebaseRates(row.rates, base);
    if (!rebased) continue;
    let rates: Record<string, number>;
    if (symbols) {
      rates = {};
      for (const code of symbols) if (rebased[code] !== undefined) rates[code] = rebased[code]!;
      if (Object.keys(rates).length === 0) continue;
    } else {
      rates = Object.fromEntries(
        Object.keys(rebased)
          .sort()
          .map((code) => [code, rebased[code]!]),
      );
    }
    days.push({ date: row.date, rates });
  }
  const body: HistoryResponse = { base, from: range.from, to: range.to, days };
  // History is read from the database on each request anyway; its validator is a digest of what was read.
  const etag = `"fxh-${createHash("sha1").update(JSON.stringify(body)).digest("base64url").slice(0, 22)}"`;
  return { body, etag };
}
