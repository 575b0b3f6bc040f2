import { z } from "zod";
import { readCursor, writeCursor } from "./cursor";

/**
 * Keyset cursors of the operator's newest-first lists (purchases by paidAt,
 * accounts by createdAt): the time and id of the last row of a page,
 * base64url-encoded. Timestamps are stored with millisecond precision, so the
 * position is exact. Opaque to callers; validated on the way back in.
 */
const positionSchema = z.tuple([z.int().min(0).max(8.64e15), z.guid()]);

export interface TimePosition {
  at: Date;
  id: string;
}

export function encodeTimeCursor(position: TimePosition): string {
  return writeCursor([position.at.getTime(), position.id]);
}

export function decodeTimeCursor(cursor: string): TimePosition {
  const [at, id] = readCursor(
    cursor,
    positionSchema,
    "Invalid query parameter — cursor: not a page link this service made; start from the first page.",
    "That page link is not valid; start from the first page.",
  );
  return { at: new Date(at), id };
}

/** Exactly a UUID, as the operator copies it from a page or the CLI's output. */
export const isUuid = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
