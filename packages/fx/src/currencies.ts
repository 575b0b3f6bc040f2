import { z } from "zod";

/**
 * The ISO 4217 currencies this service quotes, shipped with the code.
 *
 * Why not Intl: Node's ICU (CLDR) disagrees with ISO 4217 on the minor unit of 16
 * currencies (it says 0 for AFN, ALL, COP, HUF, IDR, IQD, IRR, KPW, LAK, LBP, MGA,
 * MMK, PKR, SOS, SYP, YER; ISO says 2, and 3 for IQD). `result` must be rounded to
 * the ISO minor unit, so `decimals` below is copied from the ISO 4217 list.
 *
 * What is in: every active ISO 4217 code that is a circulating currency.
 * What is out, on purpose (see ISO_CODES_NOT_QUOTED): fund codes, precious metals,
 * SDR and other units of account, testing codes — ISO lists them, but they have no
 * minor unit or no market rate a converter could honestly show. Codes withdrawn
 * before 2025 (HRK, SLL, ZWL, CUC, ANG, VEF, MRO, STD, …) are out as well; a feed
 * still quoting them is simply not read for them.
 *
 * Symbols: the common local sign when it is unambiguous and left-to-right (₹, €, ₩);
 * a country-prefixed form for the many dollars, pesos and pounds (CA$, MX$, E£), in
 * the spirit of CLDR's English names; a Latin abbreviation for Arabic-script signs
 * (KD rather than د.ك), because right-to-left text inside a left-to-right amount is
 * reordered by the bidi algorithm and reads wrongly in `formatted`.
 */

export const currencySchema = z
  .object({
    code: z.string().regex(/^[A-Z]{3}$/),
    name: z.string().min(1),
    symbol: z.string().min(1),
    decimals: z.number().int().min(0).max(4),
    popular: z.boolean(),
  })
  .describe("A currency (/docs/guides/api#exchange-rate-objects): ISO 4217 code, English name, symbol, ISO minor units");

export type Currency = z.infer<typeof currencySchema>;

// [code, English name, symbol, ISO 4217 minor units]
type Row = readonly [string, string, string, number];

const ROWS: readonly Row[] = [
  ["AED", "UAE Dirham", "AED", 2],
  ["AFN", "Afghan Afghani", "Af", 2],
  ["ALL", "Albanian Lek", "Lek", 2],
  ["AMD", "Armenian Dram", "֏", 2],
  ["AOA", "Angolan Kwanza", "Kz", 2],
  ["ARS", "Argentine Peso", "AR$", 2],
  ["AUD", "Australian Dollar", "A$", 2],
  ["AWG", "Aruban Florin", "Afl", 2],
  ["AZN", "Azerbaijani Manat", "₼", 2],
  ["BAM", "Bosnia-Herzegovina Convertible Mark", "KM", 2],
  ["BBD", "Barbadian Dollar", "Bds$", 2],
  ["BDT", "Bangladeshi Taka", "৳", 2],
  ["BGN", "Bulgarian Lev", "лв", 2],
  ["BHD", "Bahraini Dinar", "BD", 3],
  ["BIF", "Burundian Franc", "FBu", 0],
  ["BMD", "Bermudian Dollar", "BD$", 2],
  ["BND", "Brunei Dollar", "BN$", 2],
  ["BOB", "Bolivian Boliviano", "Bs", 2],
  ["BRL", "Brazilian Real", "R$", 2],
  ["BSD", "Bahamian Dollar", "B$", 2],
  ["BTN", "Bhutanese Ngultrum", "Nu.", 2],
  ["BWP", "Botswana Pula", "P", 2],
  ["BYN", "Belarusian Ruble", "Br", 2],
  ["BZD", "Belize Dollar", "BZ$", 2],
  ["CAD", "Canadian Dollar", "CA$", 2],
  ["CDF", "Congolese Franc", "FC", 2],
  ["CHF", "Swiss Franc", "CHF", 2],
  ["CLP", "Chilean Peso", "CLP$", 0],
  ["CNY", "Chinese Yuan", "CN¥", 2],
  ["COP", "Colombian Peso", "COL$", 2],
  ["CRC", "Costa Rican Colón", "₡", 2],
  ["CUP", "Cuban Peso", "CU$", 2],
  ["CVE", "Cape Verdean Escudo", "Esc", 2],
  ["CZK", "Czech Koruna", "Kč", 2],
  ["DJF", "Djiboutian Franc", "Fdj", 0],
  ["DKK", "Danish Krone", "kr", 2],
  ["DOP", "Dominican Peso", "RD$", 2],
  ["DZD", "Algerian Dinar", "DA", 2],
  ["EGP", "Egyptian Pound", "E£", 2],
  ["ERN", "Eritrean Nakfa", "Nfk", 2],
  ["ETB", "Ethiopian Birr", "Br", 2],
  ["EUR", "Euro", "€", 2],
  ["FJD", "Fijian Dollar", "FJ$", 2],
  ["FKP", "Falkland Islands Pound", "FK£", 2],
  ["GBP", "British Pound", "£", 2],
  ["GEL", "Georgian Lari", "₾", 2],
  ["GHS", "Ghanaian Cedi", "GH₵", 2],
  ["GIP", "Gibraltar Pound", "GI£", 2],
  ["GMD", "Gambian Dalasi", "D", 2],
  ["GNF", "Guinean Franc", "FG", 0],
  ["GTQ", "Guatemalan Quetzal", "Q", 2],
  ["GYD", "Guyanese Dollar", "GY$", 2],
  ["HKD", "Hong Kong Dollar", "HK$", 2],
  ["HNL", "Honduran Lempira", "L", 2],
  ["HTG", "Haitian Gourde", "G", 2],
  ["HUF", "Hungarian Forint", "Ft", 2],
  ["IDR", "Indonesian Rupiah", "Rp", 2],
  ["ILS", "Israeli New Shekel", "₪", 2],
  ["INR", "Indian Rupee", "₹", 2],
  ["IQD", "Iraqi Dinar", "ID", 3],
  ["IRR", "Iranian Rial", "IRR", 2],
  ["ISK", "Icelandic Króna", "kr", 0],
  ["JMD", "Jamaican Dollar", "J$", 2],
  ["JOD", "Jordanian Dinar", "JD", 3],
  ["JPY", "Japanese Yen", "¥", 0],
  ["KES", "Kenyan Shilling", "KSh", 2],
  ["KGS", "Kyrgyzstani Som", "som", 2],
  ["KHR", "Cambodian Riel", "៛", 2],
  ["KMF", "Comorian Franc", "CF", 0],
  ["KPW", "North Korean Won", "KP₩", 2],
  ["KRW", "South Korean Won", "₩", 0],
  ["KWD", "Kuwaiti Dinar", "KD", 3],
  ["KYD", "Cayman Islands Dollar", "CI$", 2],
  ["KZT", "Kazakhstani Tenge", "₸", 2],
  ["LAK", "Lao Kip", "₭", 2],
  ["LBP", "Lebanese Pound", "LL", 2],
  ["LKR", "Sri Lankan Rupee", "Rs", 2],
  ["LRD", "Liberian Dollar", "L$", 2],
  ["LSL", "Lesotho Loti", "M", 2],
  ["LYD", "Libyan Dinar", "LD", 3],
  ["MAD", "Moroccan Dirham", "DH", 2],
  ["MDL", "Moldovan Leu", "L", 2],
  ["MGA", "Malagasy Ariary", "Ar", 2],
  ["MKD", "Macedonian Denar", "ден", 2],
  ["MMK", "Myanmar Kyat", "K", 2],
  ["MNT", "Mongolian Tögrög", "₮", 2],
  ["MOP", "Macanese Pataca", "MOP$", 2],
  ["MRU", "Mauritanian Ouguiya", "UM", 2],
  ["MUR", "Mauritian Rupee", "Rs", 2],
  ["MVR", "Maldivian Rufiyaa", "Rf", 2],
  ["MWK", "Malawian Kwacha", "MK", 2],
  ["MXN", "Mexican Peso", "MX$", 2],
  ["MYR", "Malaysian Ringgit", "RM", 2],
  ["MZN", "Mozambican Metical", "MT", 2],
  ["NAD", "Namibian Dollar", "N$", 2],
  ["NGN", "Nigerian Naira", "₦", 2],
  ["NIO", "Nicaraguan Córdoba", "C$", 2],
  ["NOK", "Norwegian Krone", "kr", 2],
  ["NPR", "Nepalese Rupee", "Rs", 2],
  ["NZD", "New Zealand Dollar", "NZ$", 2],
  ["OMR", "Omani Rial", "RO", 3],
  ["PAB", "Panamanian Balboa", "B/.", 2],
  ["PEN", "Peruvian Sol", "S/", 2],
  ["PGK", "Papua New Guinean Kina", "K", 2],
  ["PHP", "Philippine Peso", "₱", 2],
  ["PKR", "Pakistani Rupee", "Rs", 2],
  ["PLN", "Polish Złoty", "zł", 2],
  ["PYG", "Paraguayan Guaraní", "₲", 0],
  ["QAR", "Qatari Riyal", "QR", 2],
  ["RON", "Romanian Leu", "lei", 2],
  ["RSD", "Serbian Dinar", "din", 2],
  ["RUB", "Russian Ruble", "₽", 2],
  ["RWF", "Rwandan Franc", "FRw", 0],
  ["SAR", "Saudi Riyal", "SR", 2],
  ["SBD", "Solomon Islands Dollar", "SI$", 2],
  ["SCR", "Seychellois Rupee", "SRe", 2],
  ["SDG", "Sudanese Pound", "SDG", 2],
  ["SEK", "Swedish Krona", "kr", 2],
  ["SGD", "Singapore Dollar", "S$", 2],
  ["SHP", "Saint Helena Pound", "SH£", 2],
  ["SLE", "Sierra Leonean Leone", "Le", 2],
  ["SOS", "Somali Shilling", "Sh.So.", 2],
  ["SRD", "Surinamese Dollar", "SR$", 2],
  ["SSP", "South Sudanese Pound", "SS£", 2],
  ["STN", "São Tomé and Príncipe Dobra", "Db", 2],
  ["SVC", "Salvadoran Colón", "₡", 2],
  ["SYP", "Syrian Pound", "LS", 2],
  ["SZL", "Swazi Lilangeni", "E", 2],
  ["THB", "Thai Baht", "฿", 2],
  ["TJS", "Tajikistani Somoni", "SM", 2],
  ["TMT", "Turkmenistani Manat", "m", 2],
  ["TND", "Tunisian Dinar", "DT", 3],
  ["TOP", "Tongan Paʻanga", "T$", 2],
  ["TRY", "Turkish Lira", "₺", 2],
  ["TTD", "Trinidad and Tobago Dollar", "TT$", 2],
  ["TWD", "New Taiwan Dollar", "NT$", 2],
  ["TZS", "Tanzanian Shilling", "TSh", 2],
  ["UAH", "Ukrainian Hryvnia", "₴", 2],
  ["UGX", "Ugandan Shilling", "USh", 0],
  ["USD", "US Dollar", "$", 2],
  ["UYU", "Uruguayan Peso", "$U", 2],
  ["UZS", "Uzbekistani Som", "UZS", 2],
  ["VED", "Venezuelan Bolívar Digital", "Bs.D", 2],
  ["VES", "Venezuelan Bolívar Soberano", "Bs.S", 2],
  ["VND", "Vietnamese Đồng", "₫", 0],
  ["VUV", "Vanuatu Vatu", "VT", 0],
  ["WST", "Samoan Tālā", "WS$", 2],
  ["XAF", "Central African CFA Franc", "FCFA", 0],
  ["XCD", "East Caribbean Dollar", "EC$", 2],
  ["XCG", "Caribbean Guilder", "Cg", 2],
  ["XOF", "West African CFA Franc", "CFA", 0],
  ["XPF", "CFP Franc", "CFP", 0],
  ["YER", "Yemeni Rial", "YR", 2],
  ["ZAR", "South African Rand", "R", 2],
  ["ZMW", "Zambian Kwacha", "ZK", 2],
  ["ZWG", "Zimbabwe Gold", "ZiG", 2],
];

/** The ones a picker shows first: the most traded currencies plus the largest economies. */
export const POPULAR_CURRENCY_CODES = ["USD", "EUR", "GBP", "JPY", "CNY", "INR", "CAD", "AUD", "CHF", "HKD", "SGD", "SEK", "KRW", "MXN", "BRL"] as const;

/**
 * ISO 4217 codes that are deliberately not quoted: fund codes, units of account,
 * precious metals (no minor unit; a price per troy ounce, not a currency) and the
 * testing / no-currency codes. Kept so the reason for "not a currency we rate" is
 * written down rather than implied.
 */
export const ISO_CODES_NOT_QUOTED = [
  "BOV",
  "CHE",
  "CHW",
  "CLF",
  "COU",
  "MXV",
  "USN",
  "UYI",
  "UYW", // fund codes
  "XBA",
  "XBB",
  "XBC",
  "XBD",
  "XDR",
  "XSU",
  "XUA", // units of account
  "XAG",
  "XAU",
  "XPD",
  "XPT", // precious metals
  "XTS",
  "XXX", // testing, no currency
] as const;

const popular = new Set<string>(POPULAR_CURRENCY_CODES);

export const CURRENCIES: readonly Currency[] = Object.freeze(
  ROWS.map(([code, name, symbol, decimals]) => Object.freeze({ code, name, symbol, decimals, popular: popular.has(code) })),
);

const byCode: ReadonlyMap<string, Currency> = new Map(CURRENCIES.map((c) => [c.code, c]));

/** Every code in the table, alphabetical. */
export const CURRENCY_CODES: readonly string[] = Object.freeze(CURRENCIES.map((c) => c.code));

/** True for a code this service quotes (exact, uppercase). */
export function isSupportedCurrency(code: string): boolean {
  return byCode.has(code);
}

export function getCurrency(code: string): Currency | undefined {
  return byCode.get(code);
}

/** ISO 4217 minor units; throws for a code outside the table (a caller bug, not user input). */
export function minorUnitsOf(code: string): number {
  const currency = byCode.get(code);
  if (!currency) throw new RangeError(`Not a supported currency: ${code}`);
  return currency.decimals;
}
