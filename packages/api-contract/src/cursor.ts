/**
 * The one cursor codec of the service's keyset pages: a page's last position,
 * a short JSON tuple, as an opaque base64url string, validated on the way
 * back in. Anything the service did not issue is 400 bad_request with a
 * `cursor` problem. The positions in use are below: the marketplace order,
 * newest first by creation (inventory, overlays), and the operator's
 * newest-first lists.
 */
import { z } from "zod";
import { badRequest } from "./app-error";

/** A position as an opaque cursor: its JSON tuple, base64url-encoded. */
export function writeCursor(tuple: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(tuple)).toString("base64url");
}

/**
 * A cursor back into its tuple, validated by `schema`; anything this service
 * did not issue is 400 bad_request with `message` and a `cursor` problem saying `problem`.
 */
export function readCursor<T>(cursor: string, schema: z.ZodType<T>, message: string, problem: string): T {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    raw = undefined;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest(message, [{ path: "cursor", message: problem }]);
  return parsed.data;
}

const NOT_ISSUED = "Not a cursor this service issued.";

/** The marketplace order (GET /plugins): official, downloads, id — all descending. */
export interface MarketPosition {
  official: boolean;
  downloads: number;
  id: string;
}

const marketSchema = z.tuple([z.union([z.literal(0), z.literal(1)]), z.int().min(0), z.uuid()]);

export function encodeCursor(position: MarketPosition): string {
  return writeCursor([position.official ? 1 : 0, position.downloads, position.id]);
}

export function decodeCursor(cursor: string): MarketPosition {
  const [official, downloads, id] = readCursor(
    cursor,
    marketSchema,
    "Invalid query parameter — cursor: not a cursor this service issued; pass the `next` value of the previous page.",
    NOT_ISSUED,
  );
  return { official: official === 1, downloads, id };
}

/** Newest first by creation time, ties by id (the inventory, the caller's overlays). */
export interface CreatedPosition {
  createdAt: Date;
  id: string;
}

const createdSchema = z.tuple([z.iso.datetime(), z.uuid()]);

export function encodeCreatedCursor(position: CreatedPosition): string {
  return writeCursor([position.createdAt.toISOString(), position.id]);
}

export function decodeCreatedCursor(cursor: string): CreatedPosition {
  const [createdAt, id] = readCursor(
    cursor,
    createdSchema,
    "Invalid query parameter — cursor: not a cursor this service issued; pass the nextCursor of the previous page.",
    NOT_ISSUED,
  );
  return { createdAt: new Date(createdAt), id };
}

/**
 * The operator's newest-first lists (purchases by paidAt, accounts and
 * subscriptions by createdAt): the time and id of a page's last row.
 * Timestamps are stored with millisecond precision, so the position is exact.
 */
export interface TimePosition {
  at: Date;
  id: string;
}

const timeSchema = z.tuple([z.int().min(0).max(8.64e15), z.guid()]);

export function encodeTimeCursor(position: TimePosition): string {
  return writeCursor([position.at.getTime(), position.id]);
}

export function decodeTimeCursor(cursor: string): TimePosition {
  const [at, id] = readCursor(
    cursor,
    timeSchema,
    "Invalid query parameter — cursor: not a page link this service made; start from the first page.",
    "That page link is not valid; start from the first page.",
  );
  return { at: new Date(at), id };
}

/** Exactly a UUID, as the operator copies it from a page or the CLI's output. */
export const isUuid = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

/** Newest first by rev (an overlay's revision history): the rev of a page's last revision. */
const revSchema = z.tuple([z.int().min(1)]);

export function encodeRevCursor(rev: number): string {
  return writeCursor([rev]);
}

export function decodeRevCursor(cursor: string): number {
  const [rev] = readCursor(
    cursor,
    revSchema,
    "Invalid query parameter — cursor: not a cursor this service issued; pass the nextCursor of the previous page.",
    NOT_ISSUED,
  );
  return rev;
}

/**
 * The other sorts of GET /plugins (docs/plugins.md#paging): the sort's name
 * leads the tuple, so a cursor of one sort is refused by another (400), and
 * the rest is the sort key of the page's last plugin, ending with its id.
 * The default sort (downloads) keeps the untagged MarketPosition above, so
 * cursors issued before sorts existed keep working.
 */
const uuid = z.uuid();
const millis = z.int().min(0).max(8.64e15);
const sortKeySchemas = {
  // exact match tier (0–2), score (0–100), verified (0/1), the average rating × 100 (0 without reviews), downloads, id
  relevance: z.tuple([
    z.literal("relevance"),
    z.int().min(0).max(2),
    z.int().min(0).max(100),
    z.union([z.literal(0), z.literal(1)]),
    z.int().min(0).max(500),
    z.int().min(0),
    uuid,
  ]),
  // the average rating × 100 (0 without reviews), the number of ratings, downloads, id
  rating: z.tuple([z.literal("rating"), z.int().min(0).max(500), z.int().min(0), z.int().min(0), uuid]),
  newest: z.tuple([z.literal("newest"), millis, uuid]),
  updated: z.tuple([z.literal("updated"), millis, uuid]),
  // minus the price tier's number (0 free, -1 t1 … -5 t5), downloads, id
  price: z.tuple([z.literal("price"), z.int().min(-9).max(0), z.int().min(0), uuid]),
  // the name in lower case, id
  name: z.tuple([z.literal("name"), z.string().max(240), uuid]),
};
export type SortedMarketSort = keyof typeof sortKeySchemas;
type Rest<T> = T extends readonly [unknown, ...infer R] ? R : never;
export type SortKey<S extends SortedMarketSort> = Rest<z.infer<(typeof sortKeySchemas)[S]>>;

export function encodeSortCursor<S extends SortedMarketSort>(sort: S, key: SortKey<S>): string {
  return writeCursor([sort, ...(key as unknown[])]);
}

export function decodeSortCursor<S extends SortedMarketSort>(sort: S, cursor: string): SortKey<S> {
  const [, ...key] = readCursor(
    cursor,
    sortKeySchemas[sort] as z.ZodType<readonly unknown[]>,
    `Invalid query parameter — cursor: not a cursor of sort=${sort} this service issued; pass the \`next\` value of the previous page with the same sort.`,
    NOT_ISSUED,
  );
  return key as SortKey<S>;
}
