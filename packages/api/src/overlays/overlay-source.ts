import { createHmac, timingSafeEqual } from "node:crypto";
import { accounts, overlayRevisions, overlays } from "@streamkit/db";
import type { OverlayDocument } from "@streamkit/overlay";
import { type PlanName, planAtLeast } from "@streamkit/plans";
import { and, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../shared/deps";
import { accountPlanSql, planChangesAtSql } from "../shared/plan-sql";

/**
 * The secret address of an overlay's OBS browser source: the overlay id, the
 * address's version and an HMAC-SHA256 of both under a key derived from the
 * master secret ("overlay-source"). Nothing secret is stored: revoking clears
 * the overlay's version (every address of it is refused), re-creating issues
 * a version never used before. Survives restarts; a master-secret rotation
 * keeps old addresses working while SECRET_KEY_PREVIOUS holds the old key.
 */
const mac = (secret: string, overlayId: string, version: number) =>
  createHmac("sha256", secret).update(`overlay-source:${overlayId}:${version}`).digest("base64url");

export function sourceToken(secrets: readonly string[], overlayId: string, version: number): string {
  return `${overlayId}.${version}.${mac(secrets[0]!, overlayId, version)}`;
}

/** The overlay and version a token names, when one of the secrets signed it; null for anything else. */
export function readSourceToken(secrets: readonly string[], token: string): { overlayId: string; version: number } | null {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9][0-9]{0,8})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, overlayId, versionText, signature] = match;
  const version = Number(versionText);
  const given = Buffer.from(signature!);
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(mac(secret, overlayId!, version));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? { overlayId: overlayId!, version } : null;
}

/** What the OBS page shows of an overlay now: its rev and canvas, and whether it is locked (plan or suspension); the document is read apart, once per rev. */
export interface BrowserSourceFrame {
  overlayId: string;
  rev: number;
  locked: boolean;
  canvas: OverlayDocument["canvas"];
}

/** The overlay a browser-source token opens, read fresh (plan included) on every request, without its document; null for an unknown or revoked address. */
export async function readBrowserSource(deps: AppDeps, token: string): Promise<BrowserSourceFrame | null> {
  const named = readSourceToken(deps.overlaySourceSecrets, token);
  if (!named) return null;
  const state = await readSourceState(deps, named.overlayId);
  // A revoked address has no version; a renewed one has a newer version than the token's.
  if (!state || state.sourceVersion !== named.version) return null;
  return { overlayId: named.overlayId, rev: state.rev, locked: state.locked, canvas: state.canvas };
}

/** The live revision's row in the history, when a draft or a publish has put the current rev off stream. */
const liveRevision = and(eq(overlayRevisions.overlayId, overlays.id), eq(overlayRevisions.rev, overlays.liveRev));
/** The document on stream: the history's copy when liveRev is not the current rev (a publish keeps it from being pruned). */
const liveDocument = sql`coalesce(${overlayRevisions.document}, ${overlays.document})`;

/** The document on stream now, with its rev (a publish may have come since the frame was read); null once deleted. */
export async function readSourceDocument(deps: AppDeps, overlayId: string): Promise<{ accountId: string; rev: number; document: OverlayDocument } | null> {
  const [row] = await deps.db
    .select({ accountId: overlays.accountId, rev: overlays.liveRev, document: sql<OverlayDocument>`${liveDocument}` })
    .from(overlays)
    .leftJoin(overlayRevisions, liveRevision)
    .where(eq(overlays.id, overlayId));
  return row ? { accountId: row.accountId, rev: row.rev, document: row.document } : null;
}

/** An overlay as its browser sources' streams follow it: which address version is live (null: revoked), the rev on stream (liveRev), lock and canvas. */
export interface SourceState {
  accountId: string;
  sourceVersion: number | null;
  rev: number;
  locked: boolean;
  canvas: OverlayDocument["canvas"];
  /** When the account's plan next changes by time alone (a period or a grace running out), so its lock may; null: never by time. */
  lockChangesAt: Date | null;
}

/** The overlay's state for every stream of it at once (one statement per notice and process); null once deleted. */
export async function readSourceState(deps: AppDeps, overlayId: string): Promise<SourceState | null> {
  const [row] = await deps.db
    .select({
      accountId: overlays.accountId,
      sourceVersion: overlays.sourceVersion,
      rev: overlays.liveRev,
      plan: overlays.plan,
      canvas: sql<OverlayDocument["canvas"]>`${liveDocument}->'canvas'`,
      accountPlan: accountPlanSql(deps.now()),
      lockChangesAt: planChangesAtSql(deps.now()),
      suspended: accounts.suspended,
    })
    .from(overlays)
    .innerJoin(accounts, eq(accounts.id, overlays.accountId))
    .leftJoin(overlayRevisions, liveRevision)
    .where(eq(overlays.id, overlayId));
  if (!row) return null;
  const locked = row.suspended || !planAtLeast(row.accountPlan as PlanName, row.plan as PlanName);
  // A Date from either driver, or its text: new Date takes both.
  const lockChangesAt = row.lockChangesAt === null ? null : new Date(row.lockChangesAt);
  return { accountId: row.accountId, sourceVersion: row.sourceVersion, rev: row.rev, locked, canvas: row.canvas, lockChangesAt };
}
