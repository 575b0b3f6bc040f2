/**
 * The look-alike scan of a publish (docs/plugins.md#scanning): does the new
 * version's id or display name imitate a listed plugin of another publisher,
 * or its display name or author a verified publisher's name?
 *
 * Bounded work per publish, however big the marketplace:
 * - plugins: one query over the GIN index of `lookalike_keys` (skeletons and
 *   both ends of long ones), at most CANDIDATES rows, exact skeletons first
 *   then by downloads; a banded edit distance (O(length · 2)) on each in memory;
 * - publishers: one query over the verified and official accounts only, with
 *   a per-row skeleton expression and at most PUBLISHERS rows compared.
 */
import type { ReviewReason } from "@streamkit/api-contract";
import { accounts, inMarketplace, plugins, type Tx } from "@streamkit/db";
import { imitatesPublisher, isLookalike, lookalikeKeys, skeleton } from "@streamkit/plugin-rules";
import { and, desc, eq, ne, or, sql } from "drizzle-orm";

const CANDIDATES = 50;
const PUBLISHERS = 20;
const MAX_REASONS = 5;

/** skeleton() of plugin-rules for ASCII text, in SQL (the same expression filled in the keys of plugins listed before the scan existed). */
const sqlSkeleton = (column: unknown) =>
  sql`replace(replace(translate(regexp_replace(lower(translate(${column}, 'I|', 'll')), '[^a-z0-9]', '', 'g'), '0134578', 'oleastb'), 'rn', 'm'), 'vv', 'w')`;

export interface ScanSubject {
  ownerId: string;
  slug: string;
  name: string;
  author: string | undefined;
  /** Which fields to compare: an update of a listed plugin checks only what changed. */
  check: { slug: boolean; name: boolean; author: boolean };
}

export async function findImitations(tx: Tx, subject: ScanSubject): Promise<ReviewReason[]> {
  const reasons: ReviewReason[] = [];
  const keys = lookalikeKeys(subject.check.slug ? subject.slug : "", subject.check.name ? subject.name : "");
  if (keys.length > 0) {
    const exact = keys.filter((key) => key[1] === "=");
    const rows = await tx
      .select({ slug: plugins.slug, name: plugins.name, publisher: accounts.name })
      .from(plugins)
      .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
      .where(and(ne(plugins.ownerId, subject.ownerId), inMarketplace, sql`${plugins.lookalikeKeys} && ${`{${keys.map(quote).join(",")}}`}::text[]`))
      .orderBy(sql`${plugins.lookalikeKeys} && ${`{${exact.map(quote).join(",")}}`}::text[] desc`, desc(plugins.downloads), desc(plugins.id))
      .limit(CANDIDATES);
    const ownSlug = skeleton(subject.slug);
    const ownName = skeleton(subject.name);
    for (const row of rows) {
      const imitates = { slug: row.slug, name: row.name, publisher: row.publisher };
      if (subject.check.slug && isLookalike(ownSlug, skeleton(row.slug))) {
        reasons.push({ kind: "lookalike_plugin", message: `The id "${subject.slug}" resembles "${row.slug}", a listed plugin of ${row.publisher}.`, imitates });
      } else if (subject.check.name && isLookalike(ownName, skeleton(row.name))) {
        reasons.push({
          kind: "lookalike_plugin",
          message: `The name "${subject.name}" resembles "${row.name}" (${row.slug}), a listed plugin of ${row.publisher}.`,
          imitates,
        });
      }
    }
  }

  const texts = [subject.check.name ? subject.name : null, subject.check.author ? (subject.author ?? null) : null].filter((t): t is string => Boolean(t));
  if (texts.length > 0) {
    const skeletons = texts.map(skeleton).filter(Boolean);
    const publisherSkeleton = sqlSkeleton(accounts.name);
    // Equal, contained, or close (same length give or take two and one end in common): the JS rule then decides.
    const near = skeletons.flatMap((own) => [
      sql`${publisherSkeleton} = ${own}`,
      sql`(length(${publisherSkeleton}) >= 5 and strpos(${own}, ${publisherSkeleton}) > 0)`,
      sql`(abs(length(${publisherSkeleton}) - ${own.length}) <= 2 and (left(${publisherSkeleton}, 3) = ${own.slice(0, 3)} or right(${publisherSkeleton}, 3) = ${own.slice(-3)}))`,
    ]);
    const publishers = await tx
      .select({ name: accounts.name, skeleton: publisherSkeleton })
      .from(accounts)
      .where(and(ne(accounts.id, subject.ownerId), or(eq(accounts.verified, true), eq(accounts.official, true)), or(...near)))
      .limit(PUBLISHERS);
    for (const publisher of publishers) {
      const text = texts.find((t) => imitatesPublisher(t, String(publisher.skeleton)));
      if (text === undefined) continue;
      const field = text === subject.name && subject.check.name ? "name" : "author";
      reasons.push({
        kind: "lookalike_publisher",
        message: `The ${field} "${text}" resembles the verified publisher ${publisher.name}.`,
        imitates: { name: publisher.name },
      });
    }
  }
  return reasons.slice(0, MAX_REASONS);
}

/** An element of a text[] literal: quoted, with \ and " escaped (keys hold only a-z, 0-9 and the tags = < >, but stay safe). */
function quote(key: string): string {
  return `"${key.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
