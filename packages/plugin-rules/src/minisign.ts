/**
 * Minisign signatures as Tauri v2's updater makes and checks them (and the
 * plugin packages are signed: docs/plugins.md#signed-packages), with
 * node:crypto only. A key is an Ed25519 key pair and an 8-byte key id. A
 * signature signs the BLAKE2b-512 hash of the file ("ED", prehashed), and a
 * second, global signature signs that signature followed by the trusted
 * comment, so neither can be changed. Tauri keeps both texts base64-encoded
 * once more as a whole: the `pubkey` of its config, and what `tauri signer
 * sign` writes into the `.sig` file (the release's `signature`).
 */
import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from "node:crypto";

export interface MinisignKey {
  keyId: Buffer;
  privateKey: KeyObject;
  /** The raw 32-byte Ed25519 public key. */
  publicKey: Buffer;
}

/** DER prefixes that wrap a raw 32-byte Ed25519 seed (PKCS#8) or public key (SPKI). */
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const PREHASHED = "ED";
const LEGACY = "Ed";
const UNTRUSTED = "untrusted comment: ";
const TRUSTED = "trusted comment: ";

/** The key of a 32-byte seed; its id, unless given, is the first 8 bytes of the public key's BLAKE2b-512, so one seed always makes one key. */
export function minisignKeyFromSeed(seed: Uint8Array, keyId?: Uint8Array): MinisignKey {
  if (seed.length !== 32) throw new Error("An Ed25519 seed is 32 bytes.");
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: "der", type: "pkcs8" });
  const publicKey = createPublicKey(privateKey).export({ format: "der", type: "spki" }).subarray(SPKI_ED25519_PREFIX.length);
  const id = keyId ? Buffer.from(keyId) : createHash("blake2b512").update(publicKey).digest().subarray(0, 8);
  if (id.length !== 8) throw new Error("A minisign key id is 8 bytes.");
  return { keyId: id, privateKey, publicKey: Buffer.from(publicKey) };
}

/** The key id as minisign prints it: the 8 bytes read as a little-endian integer, in upper-case hex. */
export function keyIdHex(keyId: Uint8Array): string {
  return Buffer.from(keyId).readBigUInt64LE(0).toString(16).toUpperCase();
}

/** The public key file's text, as `minisign -G` and `tauri signer generate` write it. */
export function minisignPublicKeyText(key: Pick<MinisignKey, "keyId" | "publicKey">): string {
  const body = Buffer.concat([Buffer.from(LEGACY), key.keyId, key.publicKey]).toString("base64");
  return `${UNTRUSTED}minisign public key: ${keyIdHex(key.keyId)}\n${body}\n`;
}

/** What Tauri's `plugins.updater.pubkey` holds: the public key file, base64-encoded. */
export function tauriPublicKey(key: Pick<MinisignKey, "keyId" | "publicKey">): string {
  return Buffer.from(minisignPublicKeyText(key)).toString("base64");
}

export interface SignOptions {
  /** Signed along with the file; Tauri writes `timestamp:<unix seconds>\tfile:<name>`. One line. */
  trustedComment: string;
  untrustedComment?: string;
}

/** The `.sig` file's text: a prehashed signature of `data` and the global signature over it and the trusted comment. */
export function minisignSignatureText(key: MinisignKey, data: Uint8Array, options: SignOptions): string {
  const untrusted = options.untrustedComment ?? "signature from minisign secret key";
  if (/[\r\n]/.test(options.trustedComment) || /[\r\n]/.test(untrusted)) throw new Error("A minisign comment is one line.");
  const signature = sign(null, blake2b512(data), key.privateKey);
  const global = sign(null, Buffer.concat([signature, Buffer.from(options.trustedComment)]), key.privateKey);
  const body = Buffer.concat([Buffer.from(PREHASHED), key.keyId, signature]).toString("base64");
  return `${UNTRUSTED}${untrusted}\n${body}\n${TRUSTED}${options.trustedComment}\n${global.toString("base64")}\n`;
}

/** A release's `signature` as `tauri signer sign` prints it: the `.sig` text, base64-encoded. */
export function tauriSignature(key: MinisignKey, data: Uint8Array, options: SignOptions): string {
  return Buffer.from(minisignSignatureText(key, data, options)).toString("base64");
}

export type VerifyResult = { ok: true; keyId: string; trustedComment: string } | { ok: false; reason: string };

/**
 * Checks a signature of `data` the way Tauri's updater does (minisign-verify):
 * the key ids agree, the file's signature (prehashed "ED", or the legacy "Ed"
 * over the raw bytes) and the global signature over the trusted comment both
 * hold. Each text may be given as written or base64-encoded as Tauri keeps it.
 */
export function verifyMinisign(input: { publicKey: string; signature: string; data: Uint8Array }): VerifyResult {
  const publicLines = textLines(input.publicKey);
  const signatureLines = textLines(input.signature);
  if (!publicLines || publicLines.length < 2) return { ok: false, reason: "The public key is not a minisign public key." };
  if (!signatureLines || signatureLines.length < 4) return { ok: false, reason: "The signature is not a minisign signature." };
  const keyBytes = strictBase64(publicLines[1]!);
  if (keyBytes?.length !== 42 || ![LEGACY, PREHASHED].includes(keyBytes.subarray(0, 2).toString("latin1")))
    return { ok: false, reason: "The public key is not an Ed25519 minisign key." };
  const signatureBytes = strictBase64(signatureLines[1]!);
  const globalBytes = strictBase64(signatureLines[3]!);
  if (signatureBytes?.length !== 74 || globalBytes?.length !== 64) return { ok: false, reason: "The signature's lines are not minisign's." };
  if (!signatureLines[2]!.startsWith(TRUSTED)) return { ok: false, reason: "The signature has no trusted comment." };
  const algorithm = signatureBytes.subarray(0, 2).toString("latin1");
  if (algorithm !== PREHASHED && algorithm !== LEGACY) return { ok: false, reason: "The signature's algorithm is unknown." };
  if (!signatureBytes.subarray(2, 10).equals(keyBytes.subarray(2, 10))) return { ok: false, reason: "The signature was made with another key." };
  const publicKey = createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, keyBytes.subarray(10)]), format: "der", type: "spki" });
  const fileSignature = signatureBytes.subarray(10);
  const signed = algorithm === PREHASHED ? blake2b512(input.data) : input.data;
  if (!verify(null, signed, publicKey, fileSignature)) return { ok: false, reason: "The signature does not match the file." };
  const trustedComment = signatureLines[2]!.slice(TRUSTED.length);
  if (!verify(null, Buffer.concat([fileSignature, Buffer.from(trustedComment)]), publicKey, globalBytes))
    return { ok: false, reason: "The trusted comment's signature does not hold." };
  return { ok: true, keyId: keyIdHex(keyBytes.subarray(2, 10)), trustedComment };
}

/** The key id a signature names (either form), or null when it is not a minisign signature. */
export function signatureKeyId(signature: string): string | null {
  const lines = textLines(signature);
  const bytes = lines && lines.length >= 2 ? strictBase64(lines[1]!) : null;
  return bytes?.length === 74 ? keyIdHex(bytes.subarray(2, 10)) : null;
}

function blake2b512(data: Uint8Array): Buffer {
  return createHash("blake2b512").update(data).digest();
}

/** The lines of a minisign text, given as written or base64-encoded once more; null when it is neither. */
function textLines(value: string): string[] | null {
  const trimmed = value.trim();
  const text = trimmed.startsWith(UNTRUSTED) ? trimmed : strictBase64(trimmed)?.toString("utf8");
  if (!text?.startsWith(UNTRUSTED)) return null;
  return text.split(/\r?\n/);
}

/** Standard base64 with its padding, nothing else (Buffer.from alone skips what is not base64). */
function strictBase64(text: string): Buffer | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) return null;
  return Buffer.from(trimmed, "base64");
}
