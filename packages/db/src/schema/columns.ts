import { timestamp, uuid } from "drizzle-orm/pg-core";

/** Every timestamp is UTC with millisecond precision, as the API prints it. */
export const utcTimestamp = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });

export const createdAt = () => utcTimestamp("created_at").notNull().defaultNow();

export const primaryId = () => uuid("id").primaryKey().defaultRandom();
