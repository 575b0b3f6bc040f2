import { randomBytes } from "node:crypto";
import { type Db, settings } from "@streamkit/db";
import { eq } from "drizzle-orm";

/**
 * The secret that signs website sessions: AUTH_SECRET when configured;
 * otherwise one generated on first start and kept in the database, so every
 * process on that database (and every restart) agrees on it.
 */
export async function authSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: "auth_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, "auth_secret"));
  return row!.value;
}
