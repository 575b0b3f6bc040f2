/**
 * Publisher handles (docs/plugins.md#publisher-handles). The first one comes
 * from the database at the first publish (publisher_handle_assign); the owner
 * may choose another once per publisherLimits.handleChangeDays. Every former
 * handle stays the publisher's: it keeps leading to the page and nobody else
 * can take it. The primary key of publisher_handles decides between two
 * accounts wanting one handle at once.
 */
import { AppError, publisherLimits, reservedHandles } from "@streamkit/api-contract";
import { accounts, type Db, executedRows, isUniqueViolation, publisherHandles, type Queryable } from "@streamkit/db";
import { and, desc, eq, sql } from "drizzle-orm";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";

const DAY_MS = 86_400_000;

/** The account's current handle, or null before its first publish. */
export async function currentHandle(db: Queryable, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ handle: publisherHandles.handle })
    .from(publisherHandles)
    .where(and(eq(publisherHandles.accountId, accountId), eq(publisherHandles.current, true)));
  return row?.handle ?? null;
}

/** The account's handle, given one now (derived from its name) if it has none yet. */
export async function ensureHandle(db: Queryable, accountId: string): Promise<string> {
  const result = await db.execute<{ handle: string }>(sql`select publisher_handle_assign(${accountId}::uuid) as handle`);
  return executedRows<{ handle: string }>(result)[0]!.handle;
}

/** Every handle of the account, current first, then the former ones newest first. */
export async function handlesOf(db: Db, accountId: string) {
  return db
    .select({ handle: publisherHandles.handle, current: publisherHandles.current, createdAt: publisherHandles.createdAt })
    .from(publisherHandles)
    .where(eq(publisherHandles.accountId, accountId))
    .orderBy(desc(publisherHandles.current), desc(publisherHandles.createdAt));
}

/** The account a handle (current or former) leads to. */
export async function accountOfHandle(db: Db, handle: string): Promise<string | null> {
  const [row] = await db.select({ accountId: publisherHandles.accountId }).from(publisherHandles).where(eq(publisherHandles.handle, handle.toLowerCase()));
  return row?.accountId ?? null;
}

/** When the account may change its handle next: its current handle's age decides (the first one, given at publish, never waits). */
export function changeableAt(handles: { current: boolean; createdAt: Date }[], now: Date): Date | null {
  const current = handles.find((h) => h.current);
  if (!current || handles.length === 1) return null;
  const at = new Date(current.createdAt.getTime() + publisherLimits.handleChangeDays * DAY_MS);
  return at > now ? at : null;
}

/**
 * The owner's new handle. One transaction, the account's handles locked:
 * taking back one's own former handle is allowed, anyone else's is 409
 * conflict, and so is a second change within handleChangeDays (403 would say
 * "never"; this says "not yet", with details.changeableAt).
 */
export async function changeHandle(deps: AppDeps, caller: AccountCaller, handle: string): Promise<string> {
  const accountId = caller.account.id;
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [owner] = await tx.select({ official: accounts.official }).from(accounts).where(eq(accounts.id, accountId));
      if ((reservedHandles as readonly string[]).includes(handle) && !owner?.official) {
        throw new AppError("validation_error", `"${handle}" is reserved for the service's own account; choose another handle.`, [
          { path: "handle", message: "This handle is reserved." },
        ]);
      }
      const mine = await tx.select().from(publisherHandles).where(eq(publisherHandles.accountId, accountId)).for("update");
      const current = mine.find((h) => h.current);
      if (current?.handle === handle) return handle;
      const waitUntil = changeableAt(mine, now);
      if (waitUntil) {
        throw new AppError("conflict", `You changed your handle recently; you can change it again on ${waitUntil.toISOString().slice(0, 10)}.`, {
          changeableAt: waitUntil.toISOString(),
        });
      }
      await tx
        .update(publisherHandles)
        .set({ current: false })
        .where(and(eq(publisherHandles.accountId, accountId), eq(publisherHandles.current, true)));
      if (mine.some((h) => h.handle === handle)) {
        await tx.update(publisherHandles).set({ current: true, createdAt: now }).where(eq(publisherHandles.handle, handle));
      } else {
        await tx.insert(publisherHandles).values({ handle, accountId, current: true, createdAt: now });
      }
      return handle;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw handleTaken(handle);
    throw error;
  }
}

const handleTaken = (handle: string) =>
  new AppError("conflict", `The handle "${handle}" is taken (handles stay with the publisher that had them); choose another.`, [
    { path: "handle", message: "This handle is taken." },
  ]);
