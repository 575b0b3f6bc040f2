/**
 * Checks a downloaded package's signature before anything is written
 * (docs/plugins.md#verifying-in-the-cli): the digest is recomputed from the
 * files (id, version and permissions read from their plugin.json), and the
 * minisign signature of it must hold under a key that is not revoked.
 *
 * Keys: `--public-key FILE` names the one key to trust. Otherwise the CLI
 * pins the service's keys on first use (GET /plugin-signing-keys) in
 * <config dir>/trusted-signing-keys.json, per service address: a pinned key
 * id never changes its public key, and a key once seen revoked stays revoked.
 * A key id it has not pinned yet makes it fetch the list again.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { type PluginPackage, signingKeysSchema } from "@streamkit/api-contract";
import { verifyMinisign } from "@streamkit/plugin-rules/minisign";
import { digestHex, PACKAGE_DIGEST_ALGORITHM, packageDigest, signedContentOf } from "@streamkit/plugin-rules/package-digest";
import { callApi } from "./api";
import { configDir } from "./config";
import { CliError } from "./errors";
import { EXIT } from "./exit-codes";

interface PinnedKey {
  publicKey: string;
  status: "active" | "retired" | "revoked";
}
type TrustFile = Record<string, Record<string, PinnedKey>>;

export const TRUST_FILE = "trusted-signing-keys.json";

const refuse = (message: string, hints: string[] = []) =>
  new CliError(EXIT.signature, "signature_invalid", `${message}; nothing was written`, {
    hints: hints.length ? hints : ["do not install this package; report it to the service's operators"],
  });

/** The base64 line of a minisign public key text (or the line itself). */
const keyLine = (text: string) => text.trim().split(/\r?\n/).at(-1)!.trim();

export async function verifyPackage(pkg: PluginPackage, opts: { base: string; key: string; publicKeyFile?: string }): Promise<{ keyId: string }> {
  if (pkg.digestAlgorithm !== PACKAGE_DIGEST_ALGORITHM) {
    throw refuse(`the package's digest is ${JSON.stringify(pkg.digestAlgorithm)}, which this CLI does not know`, ["update @streamkit/plugin-cli"]);
  }
  let digest: Uint8Array;
  try {
    const content = signedContentOf(pkg);
    if (content.id !== pkg.id || content.version !== pkg.version) throw new Error("its plugin.json names another id or version than the package");
    digest = packageDigest(content);
  } catch (error) {
    throw refuse(`the package cannot be checked: ${(error as Error).message}`);
  }
  if (digestHex(digest) !== pkg.digest) throw refuse("the package's files do not match its signed digest (changed on the way, or tampered with)");

  const publicKey = opts.publicKeyFile ? await readPublicKeyFile(opts.publicKeyFile) : await trustedKey(pkg.keyId, opts);
  const verified = verifyMinisign({ publicKey, signature: pkg.signature, data: digest });
  if (!verified.ok) throw refuse(`the package's signature does not verify: ${verified.reason}`);
  if (!verified.trustedComment.includes(`digest:sha256:${pkg.digest}`)) throw refuse("the signature's trusted comment names another digest");
  return { keyId: verified.keyId };
}

async function readPublicKeyFile(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    throw new CliError(
      EXIT.usage,
      "usage",
      `--public-key ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`,
    );
  }
}

async function trustedKey(keyId: string, opts: { base: string; key: string }): Promise<string> {
  const file = join(configDir(), TRUST_FILE);
  const all = await readTrust(file);
  const pinned = all[opts.base] ?? {};
  all[opts.base] = pinned;
  if (pinned[keyId]?.status !== "revoked") {
    // Every download asks the service again, to learn a new key or a revocation (a revocation only ever adds to what is pinned).
    const answer = await callApi({ base: opts.base, method: "GET", path: "/plugin-signing-keys", key: opts.key });
    const parsed = answer.status === 200 ? signingKeysSchema.safeParse(answer.json) : null;
    if (!parsed?.success)
      throw refuse(`the signing keys could not be read from ${opts.base}/api/v1/plugin-signing-keys (HTTP ${answer.status})`, ["try again later"]);
    for (const listed of parsed.data.keys) {
      const known = pinned[listed.keyId];
      if (known && keyLine(known.publicKey) !== keyLine(listed.publicKey)) {
        throw refuse(`the service now lists another public key for the pinned key ${listed.keyId}`, [
          `if the operators announced it, remove ${listed.keyId} under ${JSON.stringify(opts.base)} in ${file}`,
        ]);
      }
      pinned[listed.keyId] = { publicKey: listed.publicKey, status: known?.status === "revoked" ? "revoked" : listed.status };
    }
    await writeTrust(file, all);
  }
  const key = pinned[keyId];
  if (!key) throw refuse(`the package is signed by key ${keyId}, which ${opts.base} does not list`);
  if (key.status === "revoked")
    throw refuse(`the package is signed by key ${keyId}, which is revoked`, ["download again later; the service re-signs what a revoked key signed"]);
  return key.publicKey;
}

async function readTrust(file: string): Promise<TrustFile> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as TrustFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw refuse(`${file} is not readable JSON (${(error as Error).message})`, [`fix or delete ${file}`]);
  }
}

async function writeTrust(file: string, trust: TrustFile): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(trust, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}
