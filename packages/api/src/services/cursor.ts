import { z } from "zod";
import { badRequest } from "../errors";

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

export function encodeCursor(position: MarketPosition): string {
  const tuple = [position.official ? 1 : 0, position.downloads, position.id];
  return Buffer.from(JSON.stringify(tuple)).toString("base64url");
}

export function decodeCursor(cursor: string): MarketPosition {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    raw = undefined;
  }
  const parsed = positionSchema.safeParse(raw);
  if (!parsed.success) {
    throw badRequest("Invalid query parameter — cursor: not a cursor this service issued; pass the `next` value of the previous page.", [
      { path: "cursor", message: "Not a cursor this service issued." },
    ]);
  }
  const [official, downloads, id] = parsed.data;
  return { official: official === 1, downloads, id };
}
