/**
 * The device authorization grant (RFC 8628): a code pair issued to the app,
 * the person's answer on /device, and the app's polling at the token endpoint.
 * Every step is decided by the database: opening and answering are one
 * conditional UPDATE each, and a poll locks its row, so concurrent polls see
 * each other's last_polled_at (slow_down) and one redeem wins.
 */
import { createHash, randomInt } from "node:crypto";
import {
  AppError,
  type DeviceAuthorizationResponse,
  type DevicePending,
  deviceFlowLimits,
  formatUserCode,
  type OAuthClient,
  oauthPaths,
  oauthTokenPrefixes,
  type Scope,
  type TokenResponse,
} from "@streamkit/api-contract";
import { type Db, oauthDeviceCodes, oauthGrants } from "@streamkit/db";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { generateSecret, hashSecret, isWellFormedSecret } from "../shared/secret-format";
import { findClient } from "./clients";
import { issueTokens, revokeGrant } from "./oauth-tokens";
import { OAuthError } from "./protocol-error";

type DeviceCodeRow = typeof oauthDeviceCodes.$inferSelect;

/** A user code: uniform over the alphabet (20^8 ≈ 2.6 × 10^10 codes). */
function newUserCode(): string {
  const { userCodeAlphabet: alphabet, userCodeLength } = deviceFlowLimits;
  return Array.from({ length: userCodeLength }, () => alphabet[randomInt(alphabet.length)]).join("");
}

/** The stored form of a normalised user code. */
const hashUserCode = (normalized: string) => createHash("sha256").update(`user-code:${normalized}`).digest("hex");

export interface DeviceRequest {
  client: OAuthClient;
  scopes: Scope[];
  deviceLabel: string | null;
}

/** RFC 8628 §3.2: a new device_code (only its SHA-256 kept) and user code, pending for codeSeconds. */
export async function issueDeviceCode(db: Db, request: DeviceRequest, issuer: string, now: Date): Promise<DeviceAuthorizationResponse> {
  const device = generateSecret(oauthTokenPrefixes.deviceCode);
  // A user code already taken (live or kept for the sweep) is drawn again; three draws all colliding is not going to happen.
  for (let attempt = 0; ; attempt++) {
    const userCode = newUserCode();
    const inserted = await db
      .insert(oauthDeviceCodes)
      .values({
        deviceCodeHash: device.hash,
        userCodeHash: hashUserCode(userCode),
        clientId: request.client.id,
        scopes: request.scopes,
        deviceLabel: request.deviceLabel,
        intervalSeconds: deviceFlowLimits.intervalSeconds,
        expiresAt: new Date(now.getTime() + deviceFlowLimits.codeSeconds * 1000),
      })
      .onConflictDoNothing({ target: oauthDeviceCodes.userCodeHash })
      .returning({ id: oauthDeviceCodes.id });
    if (inserted.length > 0) {
      const shown = formatUserCode(userCode);
      const verificationUri = `${issuer}${oauthPaths.device}`;
      return {
        device_code: device.secret,
        user_code: shown,
        verification_uri: verificationUri,
        verification_uri_complete: `${verificationUri}?${new URLSearchParams({ user_code: shown })}`,
        expires_in: deviceFlowLimits.codeSeconds,
        interval: deviceFlowLimits.intervalSeconds,
      };
    }
    if (attempt >= 2) throw new Error("could not draw a free user code");
  }
}

/** Why a code cannot be opened or answered, in the person's words; `known` is false when no code matched (a wrong code). */
export class DeviceCodeRefusal extends AppError {
  constructor(
    readonly known: boolean,
    code: "not_found" | "conflict",
    message: string,
  ) {
    super(code, message);
  }
}

const UNKNOWN = "No sign-in is waiting for that code. Check the code your device shows: 8 letters, like BCDF-GHJK.";

function refusalFor(row: DeviceCodeRow | undefined, now: Date): DeviceCodeRefusal {
  if (!row) return new DeviceCodeRefusal(false, "not_found", UNKNOWN);
  if (row.status === "locked")
    return new DeviceCodeRefusal(true, "not_found", "That code was entered too many times and no longer works. Start signing in again on your device.");
  if (row.status !== "pending")
    return new DeviceCodeRefusal(true, "conflict", "That code was already answered. If it was not you, start again on your device.");
  if (row.expiresAt.getTime() <= now.getTime())
    return new DeviceCodeRefusal(true, "not_found", "That code has expired. Start signing in again on your device for a new one.");
  return new DeviceCodeRefusal(true, "not_found", UNKNOWN);
}

async function findByUserCode(db: Db, normalized: string): Promise<DeviceCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthDeviceCodes)
    .where(eq(oauthDeviceCodes.userCodeHash, hashUserCode(normalized)))
    .limit(1);
  return row;
}

function pendingOf(row: DeviceCodeRow, normalized: string): DevicePending {
  return {
    userCode: formatUserCode(normalized),
    clientId: row.clientId,
    appName: findClient(row.clientId)?.name ?? row.clientId,
    deviceLabel: row.deviceLabel,
    scopes: row.scopes as Scope[],
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * /device's Continue: the pending code's app, label and scopes. Each opening
 * counts against the code; past maxOpensPerCode it is locked in the same
 * statement, and its device is told expired_token.
 */
export async function openDeviceCode(db: Db, normalized: string, now: Date): Promise<DevicePending> {
  const [row] = await db
    .update(oauthDeviceCodes)
    .set({
      opens: sql`${oauthDeviceCodes.opens} + 1`,
      status: sql`case when ${oauthDeviceCodes.opens} + 1 > ${deviceFlowLimits.maxOpensPerCode} then 'locked' else ${oauthDeviceCodes.status} end`,
    })
    .where(and(eq(oauthDeviceCodes.userCodeHash, hashUserCode(normalized)), eq(oauthDeviceCodes.status, "pending"), gt(oauthDeviceCodes.expiresAt, now)))
    .returning();
  if (row && row.status === "pending") return pendingOf(row, normalized);
  throw refusalFor(row ?? (await findByUserCode(db, normalized)), now);
}

/** /device's Allow or Deny: the first answer to a pending, unexpired code is the one kept. */
export async function decideDeviceCode(db: Db, accountId: string, normalized: string, decision: "allow" | "deny", now: Date): Promise<DeviceCodeRow> {
  const [row] = await db
    .update(oauthDeviceCodes)
    .set({ status: decision === "allow" ? "approved" : "denied", accountId, decidedAt: now })
    .where(and(eq(oauthDeviceCodes.userCodeHash, hashUserCode(normalized)), eq(oauthDeviceCodes.status, "pending"), gt(oauthDeviceCodes.expiresAt, now)))
    .returning();
  if (row) return row;
  throw refusalFor(await findByUserCode(db, normalized), now);
}

type PollOutcome =
  | { tokens: TokenResponse }
  | { error: "invalid_grant" | "authorization_pending" | "slow_down" | "access_denied" | "expired_token"; description: string };

/**
 * The token endpoint's device_code grant (RFC 8628 §3.4, §3.5). The row is
 * locked for the poll, so the checks below see every earlier poll: too soon
 * after the previous one is slow_down (the interval grows by slowDownSeconds,
 * for this and every later poll); then the person's answer decides. A code
 * redeemed a second time is invalid_grant and ends the sign-in it produced,
 * as a reused authorization code does.
 */
export async function pollDeviceCode(db: Db, deviceCode: string, clientId: string, now: Date): Promise<TokenResponse> {
  if (!isWellFormedSecret(deviceCode, oauthTokenPrefixes.deviceCode)) throw new OAuthError("invalid_grant", "The device code is unknown.");
  const hash = hashSecret(deviceCode);
  const outcome = await db.transaction(async (tx): Promise<PollOutcome> => {
    const [row] = await tx.select().from(oauthDeviceCodes).where(eq(oauthDeviceCodes.deviceCodeHash, hash)).for("update").limit(1);
    if (!row) return { error: "invalid_grant", description: "The device code is unknown." };
    if (row.clientId !== clientId) return { error: "invalid_grant", description: "The device code was issued to another client." };
    if (row.expiresAt.getTime() <= now.getTime()) return { error: "expired_token", description: "The device code has expired; start again." };
    if (row.status === "locked") return { error: "expired_token", description: "The code was entered too many times on the website; start again." };
    if (row.lastPolledAt && now.getTime() - row.lastPolledAt.getTime() < row.intervalSeconds * 1000) {
      const interval = row.intervalSeconds + deviceFlowLimits.slowDownSeconds;
      await tx.update(oauthDeviceCodes).set({ intervalSeconds: interval, lastPolledAt: now }).where(eq(oauthDeviceCodes.id, row.id));
      return { error: "slow_down", description: `Polled too soon; wait ${interval} seconds between requests from now on.` };
    }
    await tx.update(oauthDeviceCodes).set({ lastPolledAt: now }).where(eq(oauthDeviceCodes.id, row.id));
    if (row.status === "used") {
      if (row.grantId) await revokeGrant(tx, row.grantId, "code_reuse", now);
      return { error: "invalid_grant", description: "The device code was already used; the tokens issued from it are revoked." };
    }
    if (row.status === "denied") return { error: "access_denied", description: "The person declined the sign-in." };
    if (row.status === "pending" || !row.accountId) return { error: "authorization_pending", description: "The person has not answered yet." };
    const [grant] = await tx
      .insert(oauthGrants)
      .values({ accountId: row.accountId, clientId: row.clientId, scopes: row.scopes, deviceLabel: row.deviceLabel, lastUsedAt: now })
      .returning({ id: oauthGrants.id });
    await tx.update(oauthDeviceCodes).set({ status: "used", grantId: grant!.id }).where(eq(oauthDeviceCodes.id, row.id));
    return { tokens: await issueTokens(tx, grant!.id, row.scopes as Scope[], row.scopes as Scope[], now) };
  });
  if ("error" in outcome) throw new OAuthError(outcome.error, outcome.description);
  return outcome.tokens;
}

/** Device codes are kept a day past their expiry (a reused one is still recognised), then deleted. */
export async function deleteExpiredDeviceCodes(db: Db, before: Date): Promise<void> {
  await db.delete(oauthDeviceCodes).where(lt(oauthDeviceCodes.expiresAt, before));
}
