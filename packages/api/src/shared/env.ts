import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { rateLimits } from "@streamkit/api-contract";
import { z } from "zod";

/**
 * The one place that reads process.env. Everything else receives an `Env`.
 * Each variable is documented in docs/configuration.md.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** postgres:// URL; when unset the embedded PGlite database is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Overrides of packages/db's databaseTimeouts on PostgreSQL, in milliseconds: opening a connection, waiting for a free one, one statement. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  DATABASE_CONNECTION_WAIT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  /** Client-side deadline on one query or transaction, for a database that answers nothing (databaseTimeouts.queryMs when unset). */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  /**
   * redis:// or rediss:// URL (a database index as its path, e.g. /2): the rate-limit windows are counted in that Redis
   * instead of the database (docs/operations.md#redis). Unset: the database counts them.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Put before every key this service writes to Redis, so deployments (or test runs) can share one. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default("streamkit:"),
  /** Milliseconds a request waits for Redis: the first connection, or one decision (redisCounting.timeoutMs when unset); past it 503. */
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).optional(),
  /** Folder of the embedded database (default: <repo>/.data/pglite). */
  DATA_DIR: z.string().min(1).optional(),
  /** Where the checked-in SQL migrations are, when a deployment moves them. */
  MIGRATIONS_DIR: z.string().min(1).optional(),
  /**
   * The site's public address, used where an absolute address is needed (buy URLs in API answers, the OpenAPI servers list,
   * payment providers' return addresses, the CLI instructions). Unset: the address the server listens on (HOST and PORT).
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** `auto` seeds the demo catalogue into an empty database at start; `off` never does. */
  DEMO_DATA: z.enum(["auto", "off"]).default("auto"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** A request header a trusted proxy or CDN sets to the visitor's country (e.g. CF-IPCountry). */
  GEO_COUNTRY_HEADER: z.string().min(1).optional(),
  /** The port and interface the server listens on (HOST unset: DEFAULT_HOST, this machine only; `0.0.0.0` or `::` for every interface). */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  /** Milliseconds a whole request (headers and body) may take (httpTimeouts.requestMs when unset); the headers' limit never exceeds it. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  /** Milliseconds an idle kept-alive connection stays open (httpTimeouts.keepAliveMs when unset). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  /** Milliseconds requests in flight get to finish after SIGTERM or SIGINT before they are cut (shutdown.ts). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Proxies whose X-Forwarded-For is believed: addresses, CIDR ranges, or loopback/linklocal/uniquelocal. Empty: none. */
  TRUSTED_PROXIES: z.string().optional(),
  /** Requests per minute per account for the website's own calls (API keys follow the plan's apiRequestsPerMinute). */
  WEB_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(rateLimits.webRequests.limit),
  /** Requests per minute per account for the desktop app's calls. */
  APP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(rateLimits.appRequests.limit),
  /** Accounts created per client address per hour (rateLimits.signUp's default when unset). */
  SIGN_UP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).optional(),
  /** Sign-in attempts per client address per 15 minutes (rateLimits.signInAddress's default when unset). */
  SIGN_IN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
  /** Website pages rendered per request (not cached copies) per client address per minute (rateLimits.pageViews's default when unset). */
  PAGE_VIEW_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** Connections open at once per untrusted peer address, and in all (httpLimits.maxConnectionsPerAddress, maxConnections when unset). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  /** Signs website sessions; wins over the one derived from the master secret. */
  AUTH_SECRET: z.string().min(32).optional(),
  /** The master secret every signing secret is derived from. Unset: <DATA_DIR>/secret.key (required on PostgreSQL in production). */
  SECRET_KEY: z.string().trim().min(32, "SECRET_KEY needs at least 32 characters (e.g. `openssl rand -base64 32`)").optional(),
  /** Previous master secrets, comma-separated, newest first: what they signed stays valid during a rotation. */
  SECRET_KEY_PREVIOUS: z
    .string()
    .refine((list) => list.split(",").every((key) => key.trim().length >= 32), "every key in SECRET_KEY_PREVIOUS needs at least 32 characters")
    .optional(),
  /**
   * The private keys that sign plugin packages (docs/operations.md#plugin-signing-keys): comma-separated
   * 32-byte Ed25519 seeds in base64 (`npm run admin -- plugin-key generate` makes one). Which one signs is
   * the database's active key. Unset: one development key derived from the master secret, not for production.
   */
  PLUGIN_SIGNING_KEYS: z
    .string()
    .refine(
      (list) => list.split(",").every((key) => Buffer.from(key.trim(), "base64").length === 32 && /^[A-Za-z0-9+/_-]+=*$/.test(key.trim())),
      "every key in PLUGIN_SIGNING_KEYS must be a 32-byte seed in base64 (npm run admin -- plugin-key generate)",
    )
    .optional(),
  /** GitHub and Google sign-in switch on when both of their variables are set. */
  AUTH_GITHUB_ID: z.string().min(1).optional(),
  AUTH_GITHUB_SECRET: z.string().min(1).optional(),
  AUTH_GOOGLE_ID: z.string().min(1).optional(),
  AUTH_GOOGLE_SECRET: z.string().min(1).optional(),
  /** `auto` refreshes exchange rates on a schedule inside the server (not under NODE_ENV=test); `off` never does. */
  FX_REFRESH: z.enum(["auto", "off"]).default("auto"),
  /** Minutes between scheduled exchange-rate refreshes. */
  FX_REFRESH_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Stripe takes USD payments when both are set (the official SDK; webhooks at /api/webhooks/stripe). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Razorpay takes INR payments when all three are set (webhooks at /api/webhooks/razorpay). */
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** `auto`: the built-in test checkout takes payments in any currency no real provider is configured for; `off`: never. */
  BUILTIN_PAYMENTS: z.enum(["auto", "off"]).default("auto"),
  /**
   * `on`: the service's clock can be moved forward through POST /api/dev/clock (renewals, grace periods
   * and period ends without waiting), for the browser tests and trying subscriptions by hand. Refused
   * at start when a real payment provider is configured: it would move real renewals.
   */
  TEST_CLOCK: z.enum(["on", "off"]).default("off"),
  /** smtp:// or smtps:// URL of the server that sends the service's email (password resets), through nodemailer. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The From of the service's email. */
  MAIL_FROM: z.string().min(3).default("Streamkit <no-reply@streamkit.invalid>"),
  /** The development outbox (messages kept in the database, shown at /dev/outbox) instead of SMTP. Default: on for the embedded database without SMTP_URL, else off. */
  MAIL_OUTBOX: z.enum(["on", "off"]).optional(),
  /**
   * TEST ONLY. `on`: a publisher's domain check (docs/plugins.md#verified-publishers) may name loopback addresses
   * (localhost, 127.0.0.1, ::1) with a port and fetches their well-known file over plain http, so tests can serve it.
   * Refused at start under NODE_ENV=production.
   */
  DOMAIN_CHECK_ALLOW_LOCAL: z.enum(["on", "off"]).default("off"),
  /** DNS servers (`address` or `address:port`, comma-separated) for the domain checks' TXT lookups. Unset: the system's resolvers. */
  DOMAIN_CHECK_DNS_SERVERS: z
    .string()
    .regex(/^[0-9a-fA-F.:[\]]+(,[0-9a-fA-F.:[\]]+)*$/, "a comma-separated list of IP addresses, each optionally with :port")
    .optional(),
  /** Milliseconds one domain check may take in all (domainCheckLimits.timeoutMs when unset). */
  DOMAIN_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  /** JSON overrides of the exchange-rate sources (enable/disable, base URLs, timeouts); see packages/fx. */
  FX_CONFIG: z.string().optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, "PUBLIC_URL"> & { PUBLIC_URL: string; dataDir: string; repoRoot: string };

/**
 * Where the server listens when HOST is unset: loopback only. The default install (demo accounts, the built-in test
 * checkout, the development outbox) is for trying out on this machine; exposing it is a decision HOST states.
 */
export const DEFAULT_HOST = "127.0.0.1";

/** Every interface: the server is reached as localhost on this machine. */
const wildcardHosts = new Set(["0.0.0.0", "::", "[::]"]);

/** The address a server listening on `host`:`port` is reached at (HOST unset or a wildcard means every interface, so localhost). */
export function listenUrl(port: number, host: string | undefined): string {
  const name = host === undefined || wildcardHosts.has(host) ? "localhost" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  if (parsed.data.DOMAIN_CHECK_ALLOW_LOCAL === "on" && parsed.data.NODE_ENV === "production") {
    throw new Error("Invalid environment:\n  DOMAIN_CHECK_ALLOW_LOCAL: `on` is for tests only and is refused under NODE_ENV=production.");
  }
  const repoRoot = findRepoRoot();
  return {
    ...parsed.data,
    PUBLIC_URL: (parsed.data.PUBLIC_URL ?? listenUrl(parsed.data.PORT, parsed.data.HOST)).replace(/\/+$/, ""),
    repoRoot,
    dataDir: resolve(repoRoot, parsed.data.DATA_DIR ?? ".data/pglite"),
  };
}

/** The monorepo root: the nearest folder above the working directory whose package.json declares workspaces. */
function findRepoRoot(): string {
  let dir = process.cwd();
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).workspaces) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

let cached: Env | undefined;
/** The process environment, validated once. */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}
