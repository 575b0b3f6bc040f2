/**
 * Every secret the service signs with is derived from ONE master secret kept
 * outside the database: SECRET_KEY when set, otherwise the file
 * <DATA_DIR>/secret.key (created on first start, mode 0600). A read of the
 * database — a dump, a backup, a leaked read-only login — then forges
 * nothing: no session, no payment event.
 *
 * Each purpose gets its own key through HKDF-SHA256, so one derived secret
 * says nothing about another. SECRET_KEY_PREVIOUS (comma-separated, newest
 * first) keeps what the previous master secrets signed readable during a
 * rotation; new things are always signed with the current one.
 */
import { hkdfSync, randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Db, settings } from "@streamkit/db";
import { inArray } from "drizzle-orm";
import type { Env } from "./env";

/** What a derived secret is for; the name is HKDF's `info`, so it must never change for a purpose. */
export type SecretPurpose =
  | "auth-session"
  | "builtin-payments"
  | "overlay-source"
  | "demo-release-signing"
  | "cached-page-nonce"
  | "sign-in-device"
  | "plugin-signing-default";

/** The shortest master secret accepted, in characters (a 32-byte key in base64 is 43 or 44). */
export const MIN_SECRET_KEY_LENGTH = 32;
export const SECRET_KEY_FILE = "secret.key";
const HKDF_SALT = "streamkit master secret v1";

export interface MasterSecrets {
  /** Newest first: the current master secret, then the previous ones still honoured. */
  keys: string[];
  /** Where the current one came from. */
  source: "SECRET_KEY" | "file";
  /** The key file, when the source is a file. */
  file?: string;
}

/**
 * The master secrets of this process. Without SECRET_KEY: the key file in the
 * data folder, created with 32 random bytes on first start. On PostgreSQL in
 * production SECRET_KEY is required: processes on several hosts share that
 * database, and a file per host would give each host its own secrets.
 */
export function loadMasterSecrets(env: Env): MasterSecrets {
  const previous = (env.SECRET_KEY_PREVIOUS ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);
  if (env.SECRET_KEY) return { keys: [env.SECRET_KEY, ...previous], source: "SECRET_KEY" };
  if (env.DATABASE_URL && env.NODE_ENV === "production") {
    throw new Error(
      "SECRET_KEY is not set. On PostgreSQL in production every server process must share one master secret: set SECRET_KEY (e.g. the output of `openssl rand -base64 32`) on each of them.",
    );
  }
  const file = join(env.dataDir, SECRET_KEY_FILE);
  return { keys: [readOrCreateKeyFile(file), ...previous], source: "file", file };
}

/** Reads the key file, or creates it atomically (a temporary file linked into place), so processes starting together agree. */
function readOrCreateKeyFile(file: string): string {
  const existing = readKeyFile(file);
  if (existing !== undefined) return existing;
  mkdirSync(join(file, ".."), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temporary, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(temporary, file);
  } catch (error) {
    // Another process linked its file first: use that one.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  const created = readKeyFile(file);
  if (created === undefined) throw new Error(`Could not create the master secret file ${file}.`);
  return created;
}

function readKeyFile(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (text.length < MIN_SECRET_KEY_LENGTH) throw new Error(`The master secret file ${file} holds fewer than ${MIN_SECRET_KEY_LENGTH} characters.`);
  return text;
}

/** One purpose's secret from one master secret (HKDF-SHA256, 32 bytes, base64url). */
export function deriveSecret(master: string, purpose: SecretPurpose): string {
  return Buffer.from(hkdfSync("sha256", master, HKDF_SALT, purpose, 32)).toString("base64url");
}

/** One purpose's secrets, newest first: sign with the first, accept any. */
export function deriveSecrets(master: MasterSecrets, purpose: SecretPurpose): string[] {
  return master.keys.map((key) => deriveSecret(key, purpose));
}

/** The rows older versions kept secrets in, in plain text; removed at every start (a no-op once they are gone). */
const LEGACY_SECRET_SETTINGS = ["auth_secret", "builtin_payments_secret"];

export async function removeLegacySecrets(db: Db): Promise<void> {
  await db.delete(settings).where(inArray(settings.key, LEGACY_SECRET_SETTINGS));
}
