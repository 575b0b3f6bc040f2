import { createHmac, timingSafeEqual } from "node:crypto";
import { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from "./provider";

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` — the scheme
 * of the built-in provider (the same shape Stripe uses): the timestamp is
 * signed, so the replay window cannot be dodged by changing it.
 */
export function signPayload(rawBody: string, secret: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmacHex(secret, `${t}.${rawBody}`)}`;
}

export function verifySignedPayload(rawBody: string, header: string | null, secret: string, now: Date): void {
  if (!header) throw new WebhookSignatureError("The signature header is missing.");
  const parts = new Map(header.split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const signature = parts.get("v1");
  if (!Number.isInteger(t) || !signature) throw new WebhookSignatureError("The signature header is malformed.");
  if (Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError("The signed timestamp is outside the replay window.");
  }
  if (!hexEqual(hmacHex(secret, `${t}.${rawBody}`), signature)) throw new WebhookSignatureError("The signature does not match.");
}

export function hmacHex(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(payload, "utf8").digest("hex");
}

/** Constant-time comparison of two hex strings (different lengths are simply unequal). */
export function hexEqual(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(actual, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
