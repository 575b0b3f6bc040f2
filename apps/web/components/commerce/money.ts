import { commerce, type SaleCurrency } from "@streamkit/plans";

/**
 * Money on the website: amounts arrive in minor units (paise, cents) with
 * their currency and are written from the integer's digits — never through a
 * float — in the currency's own style (₹1,00,000.00 in India, $1,000.00).
 */
const locales: Record<SaleCurrency, string> = { INR: "en-IN", USD: "en-US" };

function formatter(currency: string, decimals: 0 | 2) {
  const locale = locales[currency as SaleCurrency] ?? "en";
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** "-12.34" for -1234: exact decimal text Intl formats without rounding. */
function decimalText(minor: number): Intl.StringNumericLiteral {
  const sign = minor < 0 ? "-" : "";
  const digits = String(Math.abs(Math.trunc(minor))).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}` as Intl.StringNumericLiteral;
}

/** An amount in minor units, always with its two decimals (tables, balances). */
export function formatMoney(minor: number, currency: string): string {
  // Intl.NumberFormat formats decimal strings exactly (ES2023): no float in between.
  return formatter(currency, 2).format(decimalText(minor));
}

/** A price the buyer pays: whole amounts without decimals (₹99, $2), like the listing's price. */
export function formatCharge(minor: number, currency: string): string {
  return minor % 100 === 0 ? formatter(currency, 0).format(decimalText(minor)) : formatMoney(minor, currency);
}

export const currencyNames: Record<SaleCurrency, string> = { INR: "Indian rupees", USD: "US dollars" };

/** The author's share as a percentage, from the rules' data (8000 basis points → "80 %"). */
export const authorSharePercent = `${commerce.authorShareBasisPoints / 100} %`;

export const payoutMethodNames: Record<(typeof commerce.payoutMethods)[number], string> = {
  bank_transfer: "Bank transfer",
  upi: "UPI",
  paypal: "PayPal",
  wise: "Wise",
};
