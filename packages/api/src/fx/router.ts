import { convert, convertResponseSchema, currenciesResponseSchema, FX_LIMITS, historyResponseSchema, latestResponseSchema } from "@streamkit/fx";
import type { TRPCRouterRecord } from "@trpc/server";
import type { Context } from "../shared/context";
import { AppError, badRequest } from "@streamkit/api-contract";
import { readHistory, resolveRange } from "./history";
import { convertQuerySchema, historyQuerySchema, latestQuerySchema, noQuerySchema } from "./params";
import { fxFor } from "./service";
import type { FxSnapshot } from "./snapshot";
import { limitAddress } from "../shared/limits/index";
import { middleware, publicProcedure, type RestMeta } from "../shared/trpc";

/**
 * The public exchange-rate service (docs/exchange-rates.md#endpoints-parameters-and-defaults): no key, CORS open, an ETag and
 * Cache-Control on every answer, 120 requests per minute per address. The
 * current day comes from memory (see fx/service.ts); only history reads the
 * database.
 */

const rest = { auth: "none", etag: true, cors: true, addressLimited: true, errors: ["not_found"] } satisfies RestMeta;
/** The operations on the current snapshot: their answers are kept by the REST wrapper until it changes (rest/memo.ts). */
const current = { ...rest, memo: "fx" } satisfies RestMeta;
const tags = ["Exchange rates"];

const COMMON = `No key needed; CORS is open. Every answer carries an ETag (send it back as If-None-Match for a 304 while the rates are unchanged) and \`Cache-Control: public, max-age=${FX_LIMITS.cacheSeconds.fresh}\`, or max-age=${FX_LIMITS.cacheSeconds.stale} while the feeds cannot be read and \`stale\` is true. At most ${FX_LIMITS.requestsPerMinutePerAddress} requests per minute per client address, with X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset on every answer and 429 rate_limited with Retry-After beyond.`;

/**
 * the limit per client address of docs/api.md#limits (rateLimits.fxAddress, shared/limits): rate-limit headers on every answer,
 * 304s and errors included. The website's own server-side calls (surface "web") are not API traffic and carry no
 * client address; they are not counted.
 */
const fxAddressLimit = middleware(async ({ ctx, next }) => {
  if (ctx.surface !== "web") await limitAddress(ctx);
  return next();
});

const fxProcedure = publicProcedure.use(fxAddressLimit);

function cacheable(ctx: Context, snapshot: Pick<FxSnapshot, "etag" | "cacheControl">, etag = snapshot.etag): void {
  ctx.res.headers.ETag = etag;
  ctx.res.headers["Cache-Control"] = snapshot.cacheControl;
}

function noRateToday(missing: string[], date: string): AppError {
  const list = missing.join(", ");
  return new AppError("not_found", `No rate for ${list} on ${date}; GET /fx/currencies lists the currencies with a rate.`, { currencies: missing, date });
}

export const fxRouter = {
  latest: fxProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/fx/latest",
        tags,
        summary: "Latest exchange rates",
        description: `The current day's blended rates: \`rates[X]\` is how many units of X one unit of \`base\` buys. \`date\` is the day the rates are for, \`fetchedAt\` when the feeds were read, \`stale\` true when they could not be read and older rates (or the built-in table) are served. \`provider\` names the sources used; when \`provider.attribution\` is set, show those words linked to \`provider.url\` wherever the numbers appear.\n\nA base or symbol that is not a currency code: 400 bad_request. A well-formed code with no rate today: 404 not_found.\n\n${COMMON}`,
      },
      rest: current,
    })
    .input(latestQuerySchema)
    .output(latestResponseSchema)
    .query(async ({ ctx, input }) => {
      const snapshot = await fxFor(ctx.deps).current();
      const rates = snapshot.ratesFor(input.base, input.symbols);
      if (!rates.ok) throw noRateToday(rates.missing, snapshot.day.date);
      cacheable(ctx, snapshot);
      return {
        base: input.base,
        rates: rates.value,
        date: snapshot.day.date,
        fetchedAt: snapshot.fetchedAt,
        stale: snapshot.stale,
        provider: snapshot.provider,
      };
    }),

  convert: fxProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/fx/convert",
        tags,
        summary: "Convert an amount",
        description: `\`amount\` of \`from\` in \`to\` at the current day's rate. \`rate\` is how many \`to\` one \`from\` buys; \`result\` is amount × rate rounded half away from zero to the ISO 4217 minor units of \`to\` (2 for USD and INR, 0 for JPY, 3 for KWD); \`formatted\` is the same digits with the currency's symbol (\`$1,234.50\`, \`¥1,235\`, \`KD 1.235\`). \`provider.name\` names the sources; the attribution to display is in /fx/latest's \`provider\`.\n\nNot a currency code, or not a number: 400 bad_request. A well-formed code with no rate today: 404 not_found.\n\n${COMMON}`,
      },
      rest: current,
    })
    .input(convertQuerySchema)
    .output(convertResponseSchema)
    .query(async ({ ctx, input }) => {
      const snapshot = await fxFor(ctx.deps).current();
      const conversion = convert(input.from, input.to, input.amount, snapshot.day);
      if (!conversion.ok) throw noRateToday(conversion.missing, snapshot.day.date);
      cacheable(ctx, snapshot);
      return { ...conversion.value, stale: snapshot.stale, provider: { name: snapshot.provider.name } };
    }),

  history: fxProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/fx/history",
        tags,
        summary: "Rates over a range of days",
        description: `The kept days from \`from\` to \`to\` (inclusive), oldest first, each with its rates against \`base\`. Only days the service stored are listed: weekends of the central banks are filled by the daily feeds, but a day with every feed down, or before the service started keeping rates, is missing. A day without a rate for \`base\`, or without any of the requested \`symbols\`, is left out; a symbol missing on a day is left out of that day.\n\nThe range: give at most two of \`from\`, \`to\` and \`days\`. \`to\` defaults to the date of the current rates, \`days\` to 30; the range may span at most ${FX_LIMITS.historyMaxDays} days. A range longer than that, \`days\` outside 1–${FX_LIMITS.historyMaxDays}, \`from\` after \`to\`, or a malformed date: 400 bad_request. A base or symbol with no rate today: 404 not_found.\n\n${COMMON}`,
      },
      rest,
    })
    .input(historyQuerySchema)
    .output(historyResponseSchema)
    .query(async ({ ctx, input }) => {
      const snapshot = await fxFor(ctx.deps).current();
      const range = resolveRange(input, snapshot.day.date);
      if (!range.ok) throw badRequest(range.message, range.problems);
      const today = snapshot.ratesFor(input.base, input.symbols);
      if (!today.ok) throw noRateToday(today.missing, snapshot.day.date);
      const { body, etag } = await readHistory(ctx.deps.db, range, input.base, input.symbols);
      cacheable(ctx, snapshot, etag);
      return body;
    }),

  currencies: fxProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/fx/currencies",
        tags,
        summary: "Currencies with a rate today",
        description: `Every currency with a rate on \`date\` (the current day), alphabetical: ISO 4217 code, English name, symbol, ISO minor units (\`decimals\`, what /fx/convert rounds to) and whether it is a popular choice.\n\n${COMMON}`,
      },
      rest: current,
    })
    .input(noQuerySchema)
    .output(currenciesResponseSchema)
    .query(async ({ ctx }) => {
      const snapshot = await fxFor(ctx.deps).current();
      cacheable(ctx, snapshot);
      return { currencies: snapshot.currencies, date: snapshot.day.date };
    }),

  legacyRates: fxProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/rates",
        tags,
        summary: "Legacy: US-dollar rates",
        description: `Kept for older clients. Always US-dollar based, from the same blended rates, and takes no parameters: the body is exactly that of \`GET /fx/latest\` with the defaults (\`base\` USD, every currency) — \`{ base: "USD", rates, date, fetchedAt, stale, provider }\`. New code should call /fx/latest.\n\n${COMMON}`,
      },
      rest: { ...current, errors: [] },
    })
    .input(noQuerySchema)
    .output(latestResponseSchema)
    .query(async ({ ctx }) => {
      const snapshot = await fxFor(ctx.deps).current();
      cacheable(ctx, snapshot);
      return snapshot.usdLatest();
    }),
} satisfies TRPCRouterRecord;
