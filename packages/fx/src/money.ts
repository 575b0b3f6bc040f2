import { getCurrency, isSupportedCurrency, minorUnitsOf } from "./currencies";
import { FX_LIMITS } from "./limits";

/**
 * Rounding, formatting and parsing of amounts and currency codes.
 *
 * Rounding is decimal, half away from zero, to the currency's ISO 4217 minor units.
 * A double cannot hold most decimals (1.005 is stored as 1.00499999999999989…), so
 * the amount is first read back as its 15-significant-digit decimal — the most a
 * double always reproduces — which removes the binary artefacts; the rounding is
 * then done on those decimal digits with integers. 1.005 → 1.01, 2.675 → 2.68,
 * 0.1 + 0.2 → 0.30. Amounts needing more than 15 significant digits lose the excess,
 * which is why FX_LIMITS.maxAbsAmount keeps inputs within 15 digits.
 *
 * `formatted` is built from the very same digits as `result`, so they never differ.
 * Format (one for every currency, independent of the reader's locale; the website
 * localises on its own if it wants to):
 *   [-]<symbol>[space]<integer digits grouped by 3 with ","><"." and exactly `decimals` digits>
 * The space is there unless the symbol ends with a currency sign ($ € £ ¥ ₹ ₩ …):
 *   "$1,234.50", "€0.99", "¥1,235", "₹83.12", "CA$10.00", "KD 1.235", "Kč 250.00", "-$5.00".
 * Zero is never negative ("$0.00", not "-$0.00").
 */

interface RoundedDecimal {
  negative: boolean;
  integer: string;
  fraction: string;
}

const SIGNIFICANT_DIGITS = 15;

function roundDecimal(amount: number, decimals: number): RoundedDecimal {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  const text = Math.abs(amount).toPrecision(SIGNIFICANT_DIGITS);
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Unexpected number form: ${text}`);
  const integerDigits = match[1] ?? "0";
  const digits = integerDigits + (match[2] ?? "");
  const exponent = Number(match[3] ?? "0");
  // amount = digits × 10^(integerDigits.length + exponent − digits.length); we want it × 10^decimals.
  const shift = integerDigits.length + exponent - digits.length + decimals;
  let scaled = BigInt(digits);
  if (shift >= 0) {
    scaled *= 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    const remainder = scaled % divisor;
    scaled /= divisor;
    if (remainder * 2n >= divisor) scaled += 1n; // half away from zero (sign applied after)
  }
  const padded = scaled.toString().padStart(decimals + 1, "0");
  return {
    negative: amount < 0 && scaled !== 0n,
    integer: padded.slice(0, padded.length - decimals),
    fraction: padded.slice(padded.length - decimals),
  };
}

function toNumber(d: RoundedDecimal): number {
  const value = Number(`${d.integer}${d.fraction ? `.${d.fraction}` : ""}`);
  return d.negative ? -value : value;
}

/** Rounds to the currency's ISO 4217 minor units, half away from zero, in decimal. */
export function roundToMinorUnits(amount: number, code: string): number {
  return toNumber(roundDecimal(amount, minorUnitsOf(code)));
}

/** The amount as an integer count of minor units (cents, fils, …), for storing money. */
export function toMinorUnits(amount: number, code: string): number {
  const d = roundDecimal(amount, minorUnitsOf(code));
  const minor = Number(d.integer + d.fraction);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount too large for minor units: ${amount}`);
  return d.negative ? -minor : minor;
}

/** The inverse of toMinorUnits. */
export function fromMinorUnits(minor: number, code: string): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer count of minor units: ${minor}`);
  const decimals = minorUnitsOf(code);
  return minor === 0 ? 0 : Number(`${minor}e-${decimals}`);
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

const ENDS_WITH_CURRENCY_SIGN = /\p{Sc}$/u;

/** The amount rounded like roundToMinorUnits and written with the currency's symbol (format above). */
export function formatAmount(amount: number, code: string): string {
  const currency = getCurrency(code);
  if (!currency) throw new RangeError(`Not a supported currency: ${code}`);
  const d = roundDecimal(amount, currency.decimals);
  const gap = ENDS_WITH_CURRENCY_SIGN.test(currency.symbol) ? "" : " ";
  const number = groupThousands(d.integer) + (d.fraction ? `.${d.fraction}` : "");
  return `${d.negative ? "-" : ""}${currency.symbol}${gap}${number}`;
}

/** Three uppercase ASCII letters: the shape of an ISO 4217 alphabetic code. */
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;

export function isCurrencyCode(value: string): boolean {
  return CURRENCY_CODE_PATTERN.test(value);
}

/**
 * Reads a currency code from user input: trimmed and upper-cased ("usd" is accepted
 * as USD). Returns null when it is not three letters (→ 400 bad_request). A
 * well-formed code may still be unknown or have no rate today (→ 404 not_found);
 * isKnownCurrencyCode tells which.
 */
export function parseCurrencyCode(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const code = raw.trim().toUpperCase();
  return isCurrencyCode(code) ? code : null;
}

/** A real, circulating ISO 4217 currency from the shipped table. */
export function isKnownCurrencyCode(code: string): boolean {
  return isSupportedCurrency(code);
}

const DECIMAL_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads an amount from user input (a number, or a string in plain decimal or
 * exponent notation). Returns null for anything else — "", "0x10", "Infinity",
 * "1,000", NaN — and for |amount| above FX_LIMITS.maxAbsAmount.
 */
export function parseAmount(raw: unknown): number | null {
  let value: number;
  if (typeof raw === "number") value = raw;
  else if (typeof raw === "string" && DECIMAL_NUMBER.test(raw.trim())) value = Number(raw.trim());
  else return null;
  if (!Number.isFinite(value) || Math.abs(value) > FX_LIMITS.maxAbsAmount) return null;
  return value === 0 ? 0 : value; // no -0
}
