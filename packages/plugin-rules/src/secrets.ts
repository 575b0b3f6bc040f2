/**
 * The secret scan of the publish check: credentials of well-known services
 * and of this service, in any file of a package. A hit names the file, line,
 * column and the kind of secret — never the secret itself, which would only
 * leak it a second time (into the answer, the CLI's output, logs).
 *
 * Bounded work: every pattern is a single pass with bounded quantifiers and
 * no nested repetition (linear in the file, which the packing rules already
 * cap), and a file reports at most MAX_HITS_PER_FILE secrets.
 *
 * Few false positives: documentation examples (AKIAIOSFODNN7EXAMPLE),
 * placeholders (YOUR_API_KEY, ghp_xxxx…, sk_live_0000…) and short example
 * strings do not match; this service's own secrets must carry a valid
 * checksum.
 */
import { lineIndex, type Position } from "./positions";

export interface SecretHit extends Position {
  /** What kind of secret it looks like, e.g. "GitHub personal access token". */
  kind: string;
}

interface SecretRule {
  kind: string;
  pattern: RegExp;
  /** The part of the match that must look random (defaults to the whole match). */
  randomPart?: (match: RegExpExecArray) => string;
  /** A further check of the match (a checksum, the line that follows). */
  confirm?: (match: RegExpExecArray, content: string) => boolean;
}

const MAX_HITS_PER_FILE = 20;
/** Word boundaries that also treat - and _ as part of a token, so a longer token is not matched from its middle. */
const B = "(?<![A-Za-z0-9_-])";
const E = "(?![A-Za-z0-9_-])";

const rules: SecretRule[] = [
  { kind: "AWS access key id", pattern: new RegExp(`${B}(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}${E}`, "g") },
  {
    kind: "AWS secret access key",
    pattern: /aws_?secret_?(?:access_?)?key["']?\s{0,5}[=:]\s{0,5}["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi,
    randomPart: (m) => m[1]!,
  },
  { kind: "GitHub token", pattern: new RegExp(`${B}gh[pousr]_[A-Za-z0-9]{36}${E}`, "g"), randomPart: (m) => m[0].slice(4) },
  { kind: "GitHub fine-grained personal access token", pattern: new RegExp(`${B}github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}${E}`, "g") },
  { kind: "Slack token", pattern: new RegExp(`${B}xox[abposr]-[0-9]{8,13}-[0-9A-Za-z-]{20,200}${E}`, "g") },
  { kind: "Slack webhook address", pattern: /https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]{8,12}\/B[A-Z0-9]{8,12}\/[A-Za-z0-9]{24}/g },
  { kind: "Stripe live secret key", pattern: new RegExp(`${B}(?:sk|rk)_live_[0-9A-Za-z]{24,99}${E}`, "g"), randomPart: (m) => m[0].slice(8) },
  { kind: "Google API key", pattern: new RegExp(`${B}AIza[0-9A-Za-z_-]{35}${E}`, "g"), randomPart: (m) => m[0].slice(4) },
  { kind: "OpenAI API key", pattern: new RegExp(`${B}sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,80}T3BlbkFJ[A-Za-z0-9_-]{20,80}${E}`, "g") },
  { kind: "OpenAI API key", pattern: new RegExp(`${B}sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{80,250}${E}`, "g"), randomPart: (m) => m[0].slice(8) },
  { kind: "Anthropic API key", pattern: new RegExp(`${B}sk-ant-(?:api|admin)[0-9]{2}-[A-Za-z0-9_-]{80,120}${E}`, "g"), randomPart: (m) => m[0].slice(14) },
  { kind: "Discord bot token", pattern: new RegExp(`${B}[MNO][A-Za-z0-9_-]{23,25}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38}${E}`, "g") },
  {
    kind: "Discord webhook address",
    pattern: /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/[0-9]{17,20}\/[A-Za-z0-9_-]{60,68}/g,
    randomPart: (m) => m[0].slice(-60),
  },
  { kind: "Twitch chat token", pattern: new RegExp(`${B}oauth:[a-z0-9]{30}${E}`, "g"), randomPart: (m) => m[0].slice(6) },
  {
    kind: "Twitch token or client secret",
    pattern: /twitch[A-Za-z_]{0,30}(?:token|secret)["']?\s{0,5}[=:]\s{0,5}["']([a-z0-9]{30})["']/gi,
    randomPart: (m) => m[1]!,
  },
  { kind: "SendGrid API key", pattern: new RegExp(`${B}SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}${E}`, "g") },
  { kind: "npm access token", pattern: new RegExp(`${B}npm_[A-Za-z0-9]{36}${E}`, "g"), randomPart: (m) => m[0].slice(4) },
  { kind: "Telegram bot token", pattern: new RegExp(`(?<![0-9])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}${E}`, "g"), randomPart: (m) => m[0].split(":")[1]!.slice(2) },
  {
    kind: "private key",
    pattern: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/g,
    randomPart: () => "",
    confirm: (m, content) => followedByKeyMaterial(content, m.index + m[0].length),
  },
  {
    kind: "Streamkit secret (API key or desktop sign-in token)",
    pattern: new RegExp(`${B}sk(?:it|ac|at|rt)_[0-9A-Za-z]{38}${E}`, "g"),
    randomPart: (m) => m[0].slice(5, -6),
    confirm: (m) => hasValidChecksum(m[0]),
  },
];

/** Words that mark a documentation example or a placeholder rather than a real credential. */
const PLACEHOLDER = /example|sample|placeholder|dummy|fake|your|redacted|xxxx|changeme|insert|replace/i;

/**
 * Does `text` look like random key material rather than a pattern somebody
 * typed: enough distinct characters, no long run of one character, not an
 * ascending sequence (abcdef…, 0123…).
 */
export function looksRandom(text: string): boolean {
  if (text.length === 0) return true;
  if (PLACEHOLDER.test(text)) return false;
  const distinct = new Set(text).size;
  if (distinct < Math.min(10, Math.ceil(text.length / 3))) return false;
  let run = 1;
  let ascending = 0;
  for (let i = 1; i < text.length; i++) {
    run = text[i] === text[i - 1] ? run + 1 : 1;
    if (run >= 6) return false;
    if (text.charCodeAt(i) === text.charCodeAt(i - 1) + 1) ascending++;
  }
  return ascending < text.length / 2;
}

/** A PEM header is a key only when base64 lines follow it (documentation quotes the header alone). */
function followedByKeyMaterial(content: string, from: number): boolean {
  const next = content
    .slice(from, from + 400)
    .split(/\r?\n/)
    .slice(1, 4);
  return next.some((line) => /^[A-Za-z0-9+/=]{40,}$/.test(line.trim()) || /^Proc-Type:/.test(line.trim()));
}

// This service's secrets end in a 6-character base62 CRC32 of everything before them (packages/api/src/shared/secret-format.ts).
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function hasValidChecksum(secret: string): boolean {
  let rest = crc32(secret.slice(0, -6));
  let expected = "";
  for (let i = 0; i < 6; i++) {
    expected = BASE62[rest % 62] + expected;
    rest = Math.floor(rest / 62);
  }
  return expected === secret.slice(-6);
}

/** Every secret found in one file's text, in order, at most MAX_HITS_PER_FILE. */
export function scanSecrets(content: string): SecretHit[] {
  const hits: (SecretHit & { offset: number })[] = [];
  const taken = new Set<number>();
  for (const rule of rules) {
    rule.pattern.lastIndex = 0;
    for (let m = rule.pattern.exec(content); m; m = rule.pattern.exec(content)) {
      const random = rule.randomPart ? rule.randomPart(m) : m[0];
      if (!looksRandom(random) || PLACEHOLDER.test(m[0])) continue;
      if (rule.confirm && !rule.confirm(m, content)) continue;
      // The place of the secret itself, not of the words around it that identified it.
      const offset = m.index + (m[1] ? m[0].lastIndexOf(m[1]) : 0);
      if (taken.has(offset)) continue;
      taken.add(offset);
      hits.push({ kind: rule.kind, offset, line: 0, column: 0 });
      if (hits.length >= MAX_HITS_PER_FILE) break;
    }
    if (hits.length >= MAX_HITS_PER_FILE) break;
  }
  if (hits.length === 0) return [];
  const at = lineIndex(content);
  return hits.sort((a, b) => a.offset - b.offset).map(({ kind, offset }) => ({ kind, ...at(offset) }));
}

/** The problem message of a hit: what it looks like and what to do, without the secret. */
export function secretMessage(kind: string): string {
  return `this looks like a ${kind}: take it out of the package and revoke it (anything published may be read by anyone who installs the plugin); let the plugin ask each user for their own key instead`;
}
