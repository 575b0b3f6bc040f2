import { z } from "zod";
import { badRequest } from "./app-error";

/**
 * Keyset cursors for the marketplace order (official, downloads, id — all
 * descending): the position of the last item of a page, base64url-encoded.
 * Opaque to callers; validated on the way back in.
 */
const positionSchema = z.tuple([z.union([z.literal(0), z.literal(1)]), z.int().min(0), z.uuid()]);

export interface MarketPosition {
  official: boolean;
  downloads: number;
  id: string;
}

/** A keyset position as an opaque cursor: its JSON tuple, base64url-encoded. */
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

export function encodeCursor(position: MarketPosition): string {
  return writeCursor([position.official ? 1 : 0, position.downloads, position.id]);
}

export function decodeCursor(cursor: string): MarketPosition {
  const [official, downloads, id] = readCursor(
    cursor,
    positionSchema,
    "Invalid query parameter — cursor: not a cursor this service issued; pass the `next` value of the previous page.",
    "Not a cursor this service issued.",
  );
  return { official: official === 1, downloads, id };
}
