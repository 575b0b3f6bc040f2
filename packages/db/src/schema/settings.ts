import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Values the service generates once and every process must share (e.g. the sign-in secret when none is configured). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
