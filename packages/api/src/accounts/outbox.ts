import { type Db, outboxMessages } from "@streamkit/db";
import { desc } from "drizzle-orm";

/** The development outbox's newest messages (shared/mailer.ts), for /dev/outbox. */
export async function listOutbox(db: Db, limit = 50) {
  const rows = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(limit);
  return rows.map((row) => ({ id: row.id, to: row.to, subject: row.subject, text: row.text, createdAt: row.createdAt.toISOString() }));
}
