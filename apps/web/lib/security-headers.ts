/**
 * The website's security headers, set by server.ts on every answer Next gives
 * (pages, their static assets, Next's own errors); the API's answers are the
 * REST core's. One function per rule, so a later page can relax one of them
 * for its paths here and nowhere else.
 *
 * The Content-Security-Policy is strict, with a fresh nonce per request:
 * script-src allows only scripts carrying it (Next stamps it on its own
 * scripts, reading it from the request's Content-Security-Policy header) and,
 * through 'strict-dynamic', the scripts those load — Scalar's bundle on /docs
 * (public/vendor, loaded by next/script). A page rendered per request gets a
 * fresh nonce; a cached copy (lib/cached-pages.ts), rendered once for every
 * signed-out visitor of a region, has its own, derived from a secret and the
 * copy's name — why that is as strong there: packages/api cached-pages.ts. Styles allow
 * 'unsafe-inline': React's `style` attributes and Scalar's injected styles
 * need it, and inline styles cannot run code. No form-action: sign-in with
 * GitHub or Google and the payment providers' checkouts continue off-site
 * after a form post.
 */
import { randomBytes } from "node:crypto";

export interface SecurityHeaderOptions {
  /** The request's path. */
  path: string;
  /** PUBLIC_URL: HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string;
  /** `next dev`: React's development build needs eval, and hot reload a WebSocket. */
  dev: boolean;
  /** A cached page's own nonce (packages/api cached-pages.ts); otherwise a fresh random one. */
  nonce?: string;
}

/**
 * Who may frame a page. Nobody, today: the OBS browser-source page (a later
 * issue) is loaded by OBS directly, and if it ever needs to be embedded, its
 * path gets `"*"` (or a list of origins) here.
 */
export function frameAncestors(_path: string): "'none'" | "'self'" | "*" {
  return "'none'";
}

export function contentSecurityPolicy(nonce: string, options: SecurityHeaderOptions): string {
  const https = options.publicUrl.startsWith("https:");
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // https: for the overlay editor's picture layers (picture variables' addresses). Site-wide, not per path: Next
    // navigates inside the site without loading a new document, so the editor runs under the policy of whichever
    // page the visitor arrived on. Images cannot run code; scripts, frames and connections stay as strict.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${frameAncestors(options.path)}`,
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** The headers for one website answer, with a fresh nonce in its Content-Security-Policy. */
export function websiteSecurityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const nonce = options.nonce ?? randomBytes(16).toString("base64");
  const framing = frameAncestors(options.path);
  const headers: Record<string, string> = {
    "content-security-policy": contentSecurityPolicy(nonce, options),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
  };
  // The older header for browsers without frame-ancestors; it cannot say "anyone", so it is left out then.
  if (framing !== "*") headers["x-frame-options"] = framing === "'none'" ? "DENY" : "SAMEORIGIN";
  // A year; not includeSubDomains, which would bind every other host of the operator's domain too.
  if (options.publicUrl.startsWith("https:")) headers["strict-transport-security"] = "max-age=31536000";
  return headers;
}
