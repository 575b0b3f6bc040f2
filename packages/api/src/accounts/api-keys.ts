import type { ApiKeyView, Scope } from "@streamkit/api-contract";
import { accounts, apiKeys, type Db } from "@streamkit/db";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { principalColumns } from "./principal-columns";
import { generateApiKey, hashApiKey, isWellFormedApiKey } from "./api-key-format";
import type { AccountCaller } from "../shared/context";
import { AppError } from "@streamkit/api-contract";
import { preparedPerDatabase } from "../shared/prepared";
import { withinQuota } from "../shared/quota";
import { planChangesAtSql } from "../shared/plan-sql";
import { keptUntil, type PrincipalCache } from "./principal-cache";

export function keyStatus(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiKeyView["status"] {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

export function toKeyView(key: typeof apiKeys.$inferSelect, now: Date): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes as Scope[],
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    status: keyStatus(key, now),
  };
}

export async function createApiKey(db: Db, accountId: string, input: { name: string; scopes: Scope[]; expiresAt?: Date | null }, now: Date, maxKeys: number) {
  if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) {
    throw new AppError("validation_error", "The expiry must be in the future.", [{ path: "expiresAt", message: "Must be in the future." }]);
  }
  const generated = generateApiKey();
  // Counting unrevoked keys and inserting the new one is one decision of the database (shared/quota.ts).
  const row = await withinQuota(
    db,
    {
      accountId,
      limit: maxKeys,
      message: `An account may hold ${maxKeys} keys; revoke one first.`,
      count: async (tx) => {
        const [{ active } = { active: 0 }] = await tx
          .select({ active: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)));
        return active;
      },
    },
    async (tx) => {
      const [inserted] = await tx
        .insert(apiKeys)
        .values({
          accountId,
          name: input.name,
          prefix: generated.prefix,
          hash: generated.hash,
          scopes: input.scopes,
          expiresAt: input.expiresAt ?? null,
        })
        .returning();
      return inserted!;
    },
  );
  return { item: toKeyView(row, now), key: generated.key };
}

export async function listApiKeys(db: Db, accountId: string, now: Date): Promise<ApiKeyView[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => toKeyView(row, now));
}

/** Revokes one of the account's keys; someone else's key is not found (never revealed). */
export async function revokeApiKey(db: Db, accountId: string | null, keyId: string, now: Date): Promise<ApiKeyView> {
  const ownership = accountId ? eq(apiKeys.accountId, accountId) : undefined;
  const valid = /^[0-9a-f-]{36}$/i.test(keyId);
  const [row] = valid
    ? await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(apiKeys.id, keyId), ownership))
        .returning()
    : [];
  if (!row) throw new AppError("not_found", "No such API key.");
  return toKeyView(row, now);
}

const INVALID_TOKEN_MESSAGE = "The API key is unknown, revoked or expired.";

/** The key and its account, read on every keyed request: prepared once. */
const keyPrincipalStatement = preparedPerDatabase((db) =>
  db
    .select({ key: apiKeys, account: principalColumns(sql.placeholder("now")), planChangesAt: planChangesAtSql(sql.placeholder("now")) })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.hash, sql.placeholder("hash")))
    .limit(1)
    .prepare("api_key_principal"),
);

/**
 * Turns a bearer token into a caller, or refuses it with one indistinguishable
 * answer. Malformed keys never reach the database; a key this process has
 * resolved lately is answered from `kept` (principal-cache.ts) without a statement.
 */
export async function resolveApiKey(db: Db, token: string, now: Date, kept?: PrincipalCache): Promise<AccountCaller> {
  if (!isWellFormedApiKey(token)) throw invalidToken();
  const hash = hashApiKey(token);
  const read = async () => {
    const [row] = await keyPrincipalStatement(db).execute({ hash, now: now.toISOString() });
    if (!row || keyStatus(row.key, now) !== "active") throw invalidToken();
    const caller: AccountCaller = {
      kind: "account",
      account: row.account,
      channel: "api",
      scopes: row.key.scopes as Scope[],
      key: { id: row.key.id, prefix: row.key.prefix, scopes: row.key.scopes as Scope[], expiresAt: row.key.expiresAt },
    };
    // Held until the key expires or the plan next changes by time alone, whichever is first.
    return { caller, validUntil: keptUntil(row.key.expiresAt, row.planChangesAt) };
  };
  // (read throws rather than answer no caller.)
  return kept ? (await kept.resolve(hash, now.getTime(), read))! : (await read()).caller;
}

export function invalidToken(message: string = INVALID_TOKEN_MESSAGE): AppError {
  return new AppError("invalid_token", message, undefined, {
    "WWW-Authenticate": 'Bearer realm="streamkit", error="invalid_token"',
  });
}
