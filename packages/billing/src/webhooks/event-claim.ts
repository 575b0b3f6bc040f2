import { type Db, type Tx, webhookEvents } from "@streamkit/db";

/**
 * Records a provider event's id (inside the transaction that applies it, when
 * there is one): true the first time, false for a replayed or concurrent
 * delivery of the same event, which must then change nothing.
 */
export async function claimEvent(db: Db | Tx, providerId: string, event: { id: string; type: string }, at: Date): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values({ provider: providerId, eventId: event.id, type: event.type, receivedAt: at })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return inserted.length > 0;
}
