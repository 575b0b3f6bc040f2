import type { Metadata } from "next";
import { parseAmount, parseCurrencyCode } from "@streamkit/fx/money";
import { domainError } from "@/lib/server/errors";
import Link from "next/link";
import { LineChart } from "@/components/charts/line-chart";
import { FxAttribution } from "@/components/fx/attribution";
import { ConverterForm } from "@/components/fx/converter-form";
import styles from "@/components/fx/fx.module.css";
import { formatDay, formatInstant, formatRate } from "@/components/fx/format";
import type { PageApi } from "@/lib/server/api";

export const ratesMetadata: Metadata = {
  title: "Currency converter",
  description: "Convert between 160 currencies at the day's blended reference rates, with the history of each pair.",
};

export type SearchParams = Record<string, string | string[] | undefined>;

const PATH = "/rates";
const RANGES = [
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
  { days: 365, label: "1 year" },
] as const;
const DEFAULTS = { from: "USD", to: "EUR", amount: "100", days: 90 };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The API's answer, or null when it refused with one of `codes` (the page explains those itself). */
async function unless<T>(call: Promise<T>, codes: string[]): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    const known = domainError(error, "query");
    if (known && codes.includes(known.code)) return null;
    throw error;
  }
}

/** The converter for one request's choices (app/(site)) or its defaults, shared by every signed-out visitor (app/cached). */
export async function RatesView({ params, caller }: { params: SearchParams; caller: PageApi }) {
  const from = parseCurrencyCode(one(params.from)) ?? DEFAULTS.from;
  const to = parseCurrencyCode(one(params.to)) ?? DEFAULTS.to;
  const amountText = one(params.amount)?.trim() || DEFAULTS.amount;
  const amount = parseAmount(amountText);
  const days = RANGES.find((r) => String(r.days) === one(params.days))?.days ?? DEFAULTS.days;
  const href = (changes: Record<string, string>) => `${PATH}?${new URLSearchParams({ from, to, amount: amountText, days: String(days), ...changes })}`;

  const { currencies } = await caller.fx.currencies({});
  const rated = new Set(currencies.map((c) => c.code));
  const missing = [from, to].filter((code, i, all) => !rated.has(code) && all.indexOf(code) === i);

  const [latest, conversion, history] =
    missing.length > 0
      ? [null, null, null]
      : await Promise.all([
          caller.fx.latest({ base: from, symbols: to }),
          amount === null ? null : unless(caller.fx.convert({ from, to, amount: amountText }), ["bad_request"]),
          caller.fx.history({ base: from, symbols: to, days }),
        ]);
  const rate = latest?.rates[to];
  // The built-in table (no feed read since the service started with an empty store) has no sources; its fetchedAt is only when feeds were last tried.
  const builtin = latest !== null && latest.provider.sources.length === 0;

  return (
    <div className="container">
      <section className="hero" aria-labelledby="fx-title">
        <h1 id="fx-title">Currency converter</h1>
        <p>
          Any amount between {currencies.length} currencies at the day’s reference rates — a blend of central banks’ and open daily feeds — with the history of
          the pair.
        </p>
      </section>

      <ConverterForm
        action={PATH}
        currencies={currencies}
        from={from}
        to={to}
        amount={amountText}
        days={days}
        amountError={amount === null ? "Enter a number, like 100 or 12.50." : undefined}
      />

      {missing.length > 0 ? (
        <p className={styles.problem} role="alert">
          No rate today for {missing.join(" or ")}. Pick currencies from the lists.
        </p>
      ) : null}

      {latest && rate !== undefined ? (
        <section className={`panel ${styles.result}`} aria-labelledby="fx-result-title">
          <h2 id="fx-result-title" className="visually-hidden">
            Result
          </h2>
          {builtin ? (
            <p className="notice" role="status" data-testid="fx-builtin-notice">
              No exchange-rate feed has been read yet, so these are the rates of a table built into the site, of {formatDay(latest.date)}. Treat them as an
              estimate.
            </p>
          ) : latest.stale ? (
            <p className="notice" role="status">
              The rate feeds could not be read just now, so these are older rates, of {formatDay(latest.date)}, last read {formatInstant(latest.fetchedAt)}.
              Treat them as an estimate.
            </p>
          ) : null}
          {conversion ? (
            <p className={styles.resultLine}>
              <output htmlFor="fx-amount fx-from fx-to" aria-live="polite">
                {conversion.amount.toLocaleString("en-US", { maximumFractionDigits: 12 })} {from} = <strong>{conversion.formatted}</strong>
              </output>
            </p>
          ) : null}
          <p className={styles.rateLine}>
            1 {from} = {formatRate(rate)} {to} · 1 {to} = {formatRate(1 / rate)} {from}
          </p>
          <p className={styles.rateLine}>
            Rates for <time dateTime={latest.date}>{formatDay(latest.date)}</time> ·{" "}
            {builtin ? (
              "from the built-in table, not a feed"
            ) : (
              <>
                read <time dateTime={latest.fetchedAt}>{formatInstant(latest.fetchedAt)}</time>
              </>
            )}
          </p>
          <FxAttribution provider={latest.provider} />
        </section>
      ) : null}

      {latest && history ? (
        <section className="panel" aria-labelledby="fx-history-title">
          <h2 id="fx-history-title">
            {from} → {to}, last {RANGES.find((r) => r.days === days)!.label}
          </h2>
          <nav className={styles.ranges} aria-label="History range">
            {RANGES.map((range) => (
              <Link
                key={range.days}
                className="button secondary small"
                href={href({ days: String(range.days) })}
                aria-current={range.days === days ? "true" : undefined}
              >
                {range.label}
              </Link>
            ))}
          </nav>
          <LineChart
            title={`${to} per 1 ${from}, ${history.from} to ${history.to}`}
            description="Only the days the service kept are shown; days with every feed down are gaps."
            points={history.days.flatMap((d) => (d.rates[to] === undefined ? [] : [{ x: d.date, y: d.rates[to]! }]))}
            formatY={formatRate}
            yLabel={`${to} per 1 ${from}`}
            emptyText={`No rates kept for ${from} → ${to} in this range yet.`}
          />
          <FxAttribution provider={latest.provider} />
        </section>
      ) : null}

      <p className="muted">
        The same numbers are free to use from your own code: <Link href="/docs">GET /api/v1/fx/latest, /fx/convert and /fx/history</Link>, no key needed.
      </p>
    </div>
  );
}
