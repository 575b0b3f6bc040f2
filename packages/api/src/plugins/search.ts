/**
 * The marketplace page of GET /plugins (docs/plugins.md#finding-plugins): the
 * match of `q` (substring, full-text, typo-tolerant), the filters, the six
 * sorts with a keyset cursor each, and the bounded count. Each combination of
 * sort, search, cursor and filters is one prepared statement with
 * placeholders, so the hot path builds no SQL per request.
 */
import {
  badRequest,
  decodeCursor,
  decodeSortCursor,
  encodeCursor,
  encodeSortCursor,
  type ListPluginsQuery,
  pluginCountBound,
  type PluginSort,
} from "@streamkit/api-contract";
import { accounts, type Db, inMarketplace, likePattern, plugins, publisherHandles } from "@streamkit/db";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Caller } from "../shared/context";
import { preparedPerDatabase } from "../shared/prepared";
import { listingColumns, listingExtras, type ListingRow, publisherJoin, toListing } from "./listings";
import { purchasedByBuyer } from "./ownership";

/** Which optional parts a page statement has; each combination is its own prepared statement. */
export interface PageShape {
  sort: PluginSort;
  search: boolean;
  after: boolean;
  category: boolean;
  tag: boolean;
  price: "free" | "paid" | null;
  verified: boolean;
  without: boolean;
  /** `api=N`: only plugins whose latest version needs plugin API version N or lower. */
  api: boolean;
  /** A signed-in caller: each row says whether they bought it, in the same statement. */
  buyer: boolean;
}

const p = (name: string) => sql.placeholder(name);

/** What full-text search reads `q` as: websearch syntax, English stemming (the document is built the same way, migration 0025). */
const tsQuery = sql`websearch_to_tsquery('english', ${p("q")})`;
/** Name, slug and description in one lower-case text: substring search reads it through a trigram index. */
const haystack = sql`lower(${plugins.name} || ' ' || ${plugins.slug} || ' ' || ${plugins.description})`;
/** Name and slug in lower case: typo tolerance compares `q` with them through their own trigram index. */
const names = sql`lower(${plugins.name} || ' ' || ${plugins.slug})`;
const verifiedPublisher = sql`(${accounts.verified} or ${accounts.official})`;

/**
 * The relevance key (sort=relevance), every part an integer so the cursor
 * carries it exactly:
 * - `exact`: 2 when `q` is the name or slug exactly (ignoring case) and the publisher is verified or official, 1 when
 *   exact otherwise, 0 else — so an exact match of a verified publisher's plugin never sits below a look-alike;
 * - `score` 0–100: 60 × the full-text rank (name A, slug A, tags B, description C, README D; capped at 1) plus 40 × the
 *   trigram word similarity of `q` to name and slug;
 * - then a verified publisher, the average rating (plugins.rating_order), downloads and id break ties.
 */
export const relevanceKey = {
  exact: sql<number>`(case when lower(${plugins.name}) = ${p("qLower")} or ${plugins.slug} = ${p("qSlug")} then case when ${verifiedPublisher} then 2 else 1 end else 0 end)`,
  score: sql<number>`(round(least(ts_rank('{0.1, 0.2, 0.4, 1.0}', ${plugins.searchVector}, ${tsQuery}, 1), 1) * 60) + round(word_similarity(${p("qLower")}, ${names}) * 40))::int`,
  verified: sql<number>`(${verifiedPublisher})::int`,
};

/** The conditions of the query and filters (everything but the cursor): shared by the page and its count. */
function matchConditions(shape: PageShape): SQL[] {
  // A plugin whose only versions are held for review is not in the marketplace.
  const conditions: SQL[] = [inMarketplace];
  if (shape.search) {
    // One branch per index, joined by UNION: an OR of them would make the planner scan every plugin (issue 32's bench).
    conditions.push(sql`${plugins.id} in (
      select ${plugins.id} from ${plugins} where ${plugins.searchVector} @@ ${tsQuery}
      union select ${plugins.id} from ${plugins} where ${haystack} like ${p("pattern")}
      union select ${plugins.id} from ${plugins} where ${p("qLower")} <% ${names}
      union select ${plugins.id} from ${plugins} where ${plugins.ownerId} = any(array(select ${accounts.id} from ${accounts} where ${accounts.name} ilike ${p("pattern")})))`);
  }
  if (shape.category) conditions.push(sql`${plugins.category} = ${p("category")}`);
  if (shape.tag) conditions.push(sql`${plugins.tags} @> array[${p("tag")}]::text[]`);
  if (shape.price === "free") conditions.push(sql`${plugins.priceTier} is null`);
  if (shape.price === "paid") conditions.push(sql`${plugins.priceTier} is not null`);
  if (shape.verified) conditions.push(verifiedPublisher);
  if (shape.without) conditions.push(sql`not (${plugins.permissions} && string_to_array(${p("without")}, ','))`);
  // No index of its own: today every plugin is version 1, so the filter keeps nearly every row the order's index yields.
  if (shape.api) conditions.push(sql`${plugins.apiVersion} <= ${p("api")}::smallint`);
  return conditions;
}

/** Each sort's order and its keyset condition (the page after the cursor's position). */
const orders: Record<PluginSort, { orderBy: SQL[]; after: SQL }> = {
  downloads: {
    orderBy: [desc(plugins.official), desc(plugins.downloads), desc(plugins.id)],
    after: sql`(${plugins.official}, ${plugins.downloads}, ${plugins.id}) < (${p("official")}, ${p("downloads")}, ${p("after")}::uuid)`,
  },
  relevance: {
    orderBy: [
      desc(relevanceKey.exact),
      desc(relevanceKey.score),
      desc(relevanceKey.verified),
      desc(plugins.ratingOrder),
      desc(plugins.downloads),
      desc(plugins.id),
    ],
    after: sql`(${relevanceKey.exact}, ${relevanceKey.score}, ${relevanceKey.verified}, ${plugins.ratingOrder}, ${plugins.downloads}, ${plugins.id}) < (${p("exact")}::int, ${p("score")}::int, ${p("verified")}::int, ${p("rating")}::int, ${p("downloads")}::int, ${p("after")}::uuid)`,
  },
  rating: {
    orderBy: [desc(plugins.ratingOrder), desc(plugins.ratingCount), desc(plugins.downloads), desc(plugins.id)],
    after: sql`(${plugins.ratingOrder}, ${plugins.ratingCount}, ${plugins.downloads}, ${plugins.id}) < (${p("rating")}::int, ${p("ratings")}::int, ${p("downloads")}::int, ${p("after")}::uuid)`,
  },
  newest: {
    orderBy: [desc(plugins.createdAt), desc(plugins.id)],
    after: sql`(${plugins.createdAt}, ${plugins.id}) < (${p("at")}::timestamptz, ${p("after")}::uuid)`,
  },
  updated: {
    orderBy: [desc(plugins.updatedAt), desc(plugins.id)],
    after: sql`(${plugins.updatedAt}, ${plugins.id}) < (${p("at")}::timestamptz, ${p("after")}::uuid)`,
  },
  price: {
    orderBy: [desc(plugins.priceOrder), desc(plugins.downloads), desc(plugins.id)],
    after: sql`(${plugins.priceOrder}, ${plugins.downloads}, ${plugins.id}) < (${p("priceOrder")}::smallint, ${p("downloads")}::int, ${p("after")}::uuid)`,
  },
  name: {
    orderBy: [asc(sql`lower(${plugins.name})`), asc(plugins.id)],
    after: sql`(lower(${plugins.name}), ${plugins.id}) > (${p("name")}::text, ${p("after")}::uuid)`,
  },
};

/** The page statement of one shape, with placeholders; `take` is one more row than asked, to know whether a next page exists. */
export function marketPageStatement(db: Db, shape: PageShape) {
  const order = orders[shape.sort];
  const conditions = matchConditions(shape);
  if (shape.after) conditions.push(order.after);
  // The keys the cursor needs beyond the row: the relevance parts, and the name as the database lower-cases it.
  const sortColumns =
    shape.sort === "relevance"
      ? { ...listingColumns, rank: relevanceKey }
      : shape.sort === "name"
        ? { ...listingColumns, sortName: sql<string>`lower(${plugins.name})` }
        : listingColumns;
  const columns = shape.buyer ? { ...sortColumns, purchased: purchasedByBuyer } : sortColumns;
  return db
    .select(columns)
    .from(plugins)
    .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
    .leftJoin(publisherHandles, publisherJoin)
    .where(and(...conditions))
    .orderBy(...order.orderBy)
    .limit(p("take"));
}

/** How many plugins match (the sort and cursor aside), counting at most one past the bound. */
export function marketCountStatement(db: Db, shape: PageShape) {
  const matching = db
    .select({ one: sql`1` })
    .from(plugins)
    .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
    .where(and(...matchConditions(shape)))
    .limit(pluginCountBound + 1)
    .as("matching");
  return db.select({ count: sql<number>`count(*)::int` }).from(matching);
}

/** The shape of a page request and the values of its statements' placeholders; 400 for a cursor of another sort or relevance without `q`. */
export function marketPageValues(query: ListPluginsQuery, buyer?: string): { shape: PageShape; values: Record<string, unknown> } {
  const sort = query.sort ?? "downloads";
  if (sort === "relevance" && !query.q) {
    throw badRequest("Invalid query parameter — sort: relevance ranks the matches of a search; send it with q.", [
      { path: "sort", message: "sort=relevance needs q." },
    ]);
  }
  const shape: PageShape = {
    sort,
    search: Boolean(query.q),
    after: Boolean(query.cursor),
    category: Boolean(query.category),
    tag: Boolean(query.tag),
    price: query.price ?? null,
    verified: query.verified === "true",
    without: Boolean(query.without?.length),
    api: query.api !== undefined,
    buyer: buyer !== undefined,
  };
  const values: Record<string, unknown> = { take: query.limit + 1 };
  if (buyer !== undefined) values.buyer = buyer;
  if (query.q) {
    const lower = query.q.toLowerCase();
    Object.assign(values, { q: query.q, qLower: lower, qSlug: lower.replace(/\s+/g, "-"), pattern: likePattern(lower) });
  }
  if (query.category) values.category = query.category;
  if (query.tag) values.tag = query.tag;
  if (query.without?.length) values.without = query.without.join(",");
  if (query.api !== undefined) values.api = query.api;
  if (query.cursor) Object.assign(values, cursorValues(sort, query.cursor));
  return { shape, values };
}

function cursorValues(sort: PluginSort, cursor: string): Record<string, unknown> {
  switch (sort) {
    case "downloads": {
      const after = decodeCursor(cursor);
      return { official: after.official, downloads: after.downloads, after: after.id };
    }
    case "relevance": {
      const [exact, score, verified, rating, downloads, after] = decodeSortCursor("relevance", cursor);
      return { exact, score, verified, rating, downloads, after };
    }
    case "rating": {
      const [rating, ratings, downloads, after] = decodeSortCursor("rating", cursor);
      return { rating, ratings, downloads, after };
    }
    case "newest":
    case "updated": {
      const [at, after] = decodeSortCursor(sort, cursor);
      return { at: new Date(at).toISOString(), after };
    }
    case "price": {
      const [priceOrder, downloads, after] = decodeSortCursor("price", cursor);
      return { priceOrder, downloads, after };
    }
    case "name": {
      const [name, after] = decodeSortCursor("name", cursor);
      return { name, after };
    }
  }
}

/** The cursor of the page after `last` in `sort`. */
type PageRow = ListingRow & { rank?: { exact: number; score: number; verified: number }; sortName?: string; purchased?: boolean };

export function nextCursor(sort: PluginSort, last: PageRow): string {
  const { plugin } = last;
  switch (sort) {
    case "downloads":
      return encodeCursor({ official: plugin.official, downloads: plugin.downloads, id: plugin.id });
    case "relevance": {
      const rank = last.rank!;
      return encodeSortCursor("relevance", [rank.exact, rank.score, rank.verified === 1 ? 1 : 0, plugin.ratingOrder, plugin.downloads, plugin.id]);
    }
    case "rating":
      return encodeSortCursor("rating", [plugin.ratingOrder, plugin.ratingCount, plugin.downloads, plugin.id]);
    case "newest":
      return encodeSortCursor("newest", [plugin.createdAt.getTime(), plugin.id]);
    case "updated":
      return encodeSortCursor("updated", [plugin.updatedAt.getTime(), plugin.id]);
    case "price":
      return encodeSortCursor("price", [plugin.priceOrder, plugin.downloads, plugin.id]);
    case "name":
      return encodeSortCursor("name", [last.sortName!, plugin.id]);
  }
}

/** A shape's name: its prepared statements are named after it. */
export function shapeName(shape: PageShape): string {
  const flags = [shape.search, shape.after, shape.category, shape.tag, shape.verified, shape.without, shape.api, shape.buyer].map(Number).join("");
  return `${shape.sort}_${shape.price ?? "any"}_${flags}`;
}

/** The page and count statements of one database, prepared on first use of each shape. */
function prepareStatements(db: Db) {
  const pages = new Map<string, ReturnType<ReturnType<typeof marketPageStatement>["prepare"]>>();
  const counts = new Map<string, ReturnType<ReturnType<typeof marketCountStatement>["prepare"]>>();
  return {
    page(shape: PageShape) {
      const name = `market_page_${shapeName(shape)}`;
      let statement = pages.get(name);
      if (!statement) {
        statement = marketPageStatement(db, shape).prepare(name);
        pages.set(name, statement);
      }
      return statement;
    },
    count(shape: PageShape) {
      // The count ignores the sort and the cursor: one statement per filter combination.
      const name = `market_count_${shapeName({ ...shape, sort: "downloads", after: false, buyer: false })}`;
      let statement = counts.get(name);
      if (!statement) {
        statement = marketCountStatement(db, shape).prepare(name);
        counts.set(name, statement);
      }
      return statement;
    },
  };
}

const statementsFor = preparedPerDatabase(prepareStatements);

/** GET /plugins: one page, its next cursor and the bounded count of all matches. */
export async function listPlugins(db: Db, caller: Caller, query: ListPluginsQuery) {
  const { shape, values } = marketPageValues(query, caller.kind === "account" ? caller.account.id : undefined);
  const statements = statementsFor(db);
  const [rows, [counted]] = await Promise.all([statements.page(shape).execute(values) as Promise<PageRow[]>, statements.count(shape).execute(values)]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const next = rows.length > query.limit && last ? nextCursor(shape.sort, last) : null;
  const extras = await listingExtras(db, caller, page, new Set(page.filter((row) => row.purchased).map((row) => row.plugin.id)));
  const count = counted?.count ?? 0;
  return {
    items: page.map((row) => toListing(row, caller, extras)),
    next,
    total: Math.min(count, pluginCountBound),
    totalExact: count <= pluginCountBound,
  };
}
