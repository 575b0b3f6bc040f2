/**
 * Look-alike names: does a new plugin's id or display name imitate a listed
 * plugin's, or a verified publisher's name? Names are compared by their
 * skeleton — what a reader sees rather than what was typed — and then by a
 * bounded edit distance. The server finds the few candidates to compare in
 * the database by `lookalikeKeys` (an indexed overlap), so no publish ever
 * compares against the whole marketplace.
 */

/** Letters of other scripts drawn like Latin ones, and symbols drawn like letters (a small subset of Unicode's confusables, the ones used in practice). */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  а: "a",
  в: "b",
  с: "c",
  е: "e",
  ё: "e",
  һ: "h",
  і: "i",
  ї: "i",
  ј: "j",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  ѕ: "s",
  т: "t",
  у: "y",
  х: "x",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  А: "A",
  В: "B",
  С: "C",
  Е: "E",
  Н: "H",
  І: "l",
  Ј: "J",
  К: "K",
  М: "M",
  О: "O",
  Р: "P",
  Ѕ: "S",
  Т: "T",
  Х: "X",
  Ү: "Y",
  Ԁ: "D",
  Ԛ: "Q",
  Ԝ: "W",
  Ӏ: "l",
  // Greek
  α: "a",
  β: "b",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "l",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
  Χ: "X",
  // Capital I and vertical bars read as a lower-case L in most fonts.
  I: "l",
  "|": "l",
  ǀ: "l",
  ℓ: "l",
  ı: "i",
};

/** Digits that stand in for letters (l33t, 0/o, 1/l), applied after lower-casing. */
const DIGITS: Record<string, string> = { "0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b" };

/**
 * The skeleton of a name: compatibility forms folded (NFKC: fullwidth,
 * ligatures), confusable letters mapped to Latin, accents removed, lower
 * case, look-alike digits to letters, separators and symbols dropped, and
 * the pairs rn → m, vv → w. "ＯBS Тimer", "obs-t1mer" and "OBS timer" share
 * one skeleton.
 *
 * For plain ASCII text this equals the SQL expression of the migration that
 * filled in the skeletons of plugins listed before it existed (docs/plugins.md).
 */
export function skeleton(text: string): string {
  let out = "";
  for (const char of text.normalize("NFKC")) out += CONFUSABLES[char] ?? char;
  out = out
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  out = out.replace(/[0134578]/g, (d) => DIGITS[d]!);
  return out.replace(/rn/g, "m").replace(/vv/g, "w");
}

/**
 * Levenshtein distance of `a` and `b`, or `max + 1` as soon as it must
 * exceed `max`: a band of width 2·max+1, so O(len·max) time.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(max + 1);
    current[0] = i;
    let best = current[0];
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    for (let j = from; j <= to; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j - 1]! + cost, (previous[j] ?? max + 1) + 1, current[j - 1]! + 1);
      best = Math.min(best, current[j]!);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** How far two skeletons of this length may differ and still be a look-alike: short names only when equal. */
export function allowedDistance(length: number): number {
  if (length >= 14) return 2;
  if (length >= 8) return 1;
  return 0;
}

/** Skeletons closer than this are look-alikes ("obs-timer" and "obs-tirner" are; "chat" and "chai" are not, too short). */
export function isLookalike(a: string, b: string): boolean {
  if (a.length === 0 || b.length === 0) return false;
  if (a === b) return true;
  const allowed = allowedDistance(Math.min(a.length, b.length));
  return allowed > 0 && editDistance(a, b, allowed) <= allowed;
}

/** A verified publisher's name is imitated when a name or author has the same skeleton, or contains it (names of 5 or more letters). */
export function imitatesPublisher(text: string, publisherSkeleton: string): boolean {
  const own = skeleton(text);
  if (own.length === 0 || publisherSkeleton.length === 0) return false;
  if (isLookalike(own, publisherSkeleton)) return true;
  return publisherSkeleton.length >= 5 && own.includes(publisherSkeleton);
}

/**
 * The keys under which a listed plugin is found as a candidate: its id's and
 * name's skeletons, and their first and last three letters (any name within
 * the allowed distance of another keeps one end of it intact, unless both
 * ends were edited — the documented blind spot of the prefilter).
 */
export function lookalikeKeys(slug: string, name: string): string[] {
  const keys = new Set<string>();
  for (const [tag, text] of [
    ["s", skeleton(slug)],
    ["n", skeleton(name)],
  ] as const) {
    if (!text) continue;
    keys.add(`${tag}=${text}`);
    if (text.length >= 8) {
      keys.add(`${tag}<${text.slice(0, 3)}`);
      keys.add(`${tag}>${text.slice(-3)}`);
    }
  }
  return [...keys];
}
