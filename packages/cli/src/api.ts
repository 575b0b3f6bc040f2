/**
 * The CLI's HTTP client for /api/v1: one request function, and one place
 * that turns every answer that is not a success into a CliError with a
 * clear message, hints and an exit code (docs/api.md#errors codes; Retry-After;
 * X-Request-Id). The API key goes into the Authorization header and nowhere else.
 */
import { rateLimits, windowName } from "@streamkit/api-contract";
import { type PlanName, planAtLeast, planFor, planNames, plans, planTitles } from "@streamkit/plans";
import { z } from "zod";
import packageJson from "../package.json" with { type: "json" };
import { CliError, type Problem } from "./errors";
import { EXIT } from "./exit-codes";
import { KEY_FORMAT, API_KEY_ENV } from "./config";

export interface ApiAnswer {
  status: number;
  headers: Headers;
  requestId: string | undefined;
  /** The parsed JSON body, or undefined when the body was not JSON. */
  json: unknown;
  text: string;
}

export interface ApiRequest {
  base: string;
  method: "GET" | "POST";
  path: string;
  key: string;
  body?: unknown;
  timeoutMs?: number;
}

/**
 * The error body of docs/api.md#errors, read leniently: a code this CLI does not know yet
 * (added by a newer server) still gets its message shown, under exit code 7.
 */
const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
type ErrorBody = z.infer<typeof errorBodySchema>;

const DEFAULT_TIMEOUT_MS = 120_000;
const maybePublished = "the upload may have gone through: publishing it again then answers version_exists (exit 5), and the plugin's page shows it";
const userAgent = `streamkit-plugin/${packageJson.version} node/${process.versions.node}`;

function networkExplanation(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code;
  switch (code) {
    case "ECONNREFUSED":
      return "the connection was refused (nothing is listening there)";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "the host name could not be resolved";
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
      return "the connection was closed before an answer arrived";
    case "UND_ERR_CONNECT_TIMEOUT":
      return "connecting timed out";
    default:
      if (code?.startsWith("ERR_TLS") || code?.includes("CERT")) return `the TLS certificate was not accepted (${code})`;
      return cause?.message ?? (error instanceof Error ? error.message : String(error));
  }
}

export async function callApi(req: ApiRequest): Promise<ApiAnswer> {
  const url = `${req.base}/api/v1${req.path}`;
  const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetch(url, {
      method: req.method,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        authorization: `Bearer ${req.key}`,
        accept: "application/json",
        "user-agent": userAgent,
        ...(req.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new CliError(
      EXIT.service,
      timedOut ? "timeout" : "network_error",
      timedOut ? `no answer from ${req.base} within ${Math.round(timeoutMs / 1000)} seconds` : `cannot reach ${req.base}: ${networkExplanation(error)}`,
      {
        hints: [
          timedOut ? "run the command again" : "check the address (--api-url or STREAMKIT_API_URL) and your connection, then run the command again",
          ...(timedOut && req.method === "POST" ? [maybePublished] : []),
        ],
        data: { url: req.base },
      },
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new CliError(EXIT.service, "network_error", `the answer from ${req.base} broke off: ${networkExplanation(error)}`, {
      hints: ["run the command again", ...(req.method === "POST" ? [maybePublished] : [])],
    });
  }
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, requestId: response.headers.get("x-request-id") ?? undefined, json, text };
}

/** Retry-After as seconds from now: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** 42 → "42 seconds", 150 → "3 minutes", 3720 → "1 hour 2 minutes". */
export function formatWait(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (seconds < 60) return plural(seconds, "second");
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, "hour") : `${plural(hours, "hour")} ${plural(rest, "minute")}`;
}

export interface ErrorContext {
  operation: "publish" | "download";
  base: string;
  key: string;
  slug?: string;
}

function problemsFrom(details: unknown): Problem[] | undefined {
  if (!Array.isArray(details)) return undefined;
  return details.filter((d): d is Problem => typeof d?.path === "string" && typeof d?.message === "string");
}

function detail(envelope: ErrorBody, name: string): string | undefined {
  const details = envelope.error.details;
  if (!details || Array.isArray(details)) return undefined;
  const value = (details as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

/** Turns a non-success answer into the error the user sees. */
export function explainFailure(answer: ApiAnswer, ctx: ErrorContext): CliError {
  const { status, requestId } = answer;
  const where = `${ctx.base}/api/v1`;
  const keysPage = `${ctx.base}/dashboard/keys`;
  const base = { status, ...(requestId ? { requestId } : {}) };
  const parsed = errorBodySchema.safeParse(answer.json);

  if (status >= 300 && status < 400) {
    const location = answer.headers.get("location");
    return new CliError(EXIT.service, "redirect", `${where} answered with a redirect (${status})${location ? ` to ${location}` : ""}`, {
      hints: ["set --api-url or STREAMKIT_API_URL to the address the service really lives at (https:// if it redirects there)"],
      data: { ...base, location },
    });
  }

  if (!parsed.success) {
    // Not the service's error format: a proxy, a load balancer, or the wrong server.
    const kind = status >= 500 ? "server error" : "unexpected answer";
    return new CliError(
      EXIT.service,
      status >= 500 ? "server_error" : "unexpected_answer",
      `${kind} from ${where}: HTTP ${status}${answer.json === undefined ? " (not JSON)" : ""}`,
      {
        hints: [
          status >= 500 ? "try again in a few minutes" : "check that --api-url or STREAMKIT_API_URL points at the Streamkit site",
          ...(requestId ? [`if it keeps failing, report it quoting request id ${requestId}`] : []),
        ],
        data: base,
      },
    );
  }

  const envelope = parsed.data;
  const { code, message } = envelope.error;
  const data = { ...base, ...(envelope.error.details !== undefined ? { details: envelope.error.details } : {}) };
  const fail = (exit: (typeof EXIT)[keyof typeof EXIT], text: string, hints: string[] = [], extra: Record<string, unknown> = {}, problems?: Problem[]) =>
    new CliError(exit, code, text, { hints, data: problems ? { ...base, ...extra } : { ...data, ...extra }, problems });

  switch (code) {
    case "invalid_package": {
      const problems = problemsFrom(envelope.error.details) ?? [];
      const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
      return fail(
        EXIT.invalidPackage,
        problems.length > 0 ? `the server refused the package: ${count}` : `the server refused the package: ${message}`,
        ["this CLI checks the same rules before uploading; if validate passes but the server refuses, update @streamkit/plugin-cli"],
        {},
        problems,
      );
    }
    case "payload_too_large":
      return fail(EXIT.invalidPackage, `the upload is too large for the server: ${message}`, ["leave out files the plugin does not need"]);
    case "unauthorized":
      return fail(EXIT.auth, `the server received no API key (401 unauthorized): ${message}`, [
        "a proxy between you and the service may be dropping the Authorization header",
      ]);
    case "invalid_token":
      return fail(EXIT.auth, `the API key was not accepted (401 invalid_token): ${message}`, [
        `create a new key with the ${ctx.operation === "publish" ? "plugins:write" : "plugins:read"} scope at ${keysPage}`,
        ...(KEY_FORMAT.test(ctx.key)
          ? []
          : [`the key in use does not look like one (skit_ followed by 38 letters and digits): check ${API_KEY_ENV} or --api-key`]),
      ]);
    case "insufficient_scope": {
      const scope = detail(envelope, "requiredScope") ?? (ctx.operation === "publish" ? "plugins:write" : "plugins:read");
      return fail(EXIT.auth, `the API key lacks the scope ${scope} (403 insufficient_scope)`, [`create a key with ${scope} at ${keysPage}`]);
    }
    case "plan_required": {
      // The server names the cheapest plan; the plans table says which are above it. A plan this CLI does not know is shown as sent.
      const sent = detail(envelope, "requiredPlan");
      const required = sent ?? planFor(ctx.operation === "publish" ? "pluginPublish" : "pluginDownload");
      const which = planNames.includes(required as PlanName) ? planTitles(planNames.filter((p) => planAtLeast(p, required as PlanName))) : required;
      const what = ctx.operation === "publish" ? "Publishing plugins" : "Downloading plugins";
      return fail(EXIT.auth, `${what} needs the ${which} plan (403 plan_required): ${message}`, [`see the plans at ${ctx.base}/plans`]);
    }
    case "account_disabled":
      return fail(EXIT.auth, `the account is suspended (403 account_disabled): ${message}`, ["contact the service's support"]);
    case "purchase_required": {
      const buyUrl = detail(envelope, "buyUrl");
      return fail(EXIT.auth, `this plugin is paid and the account has not bought it (403 purchase_required)`, buyUrl ? [`buy it at ${buyUrl}`] : []);
    }
    case "limit_reached":
    case "forbidden":
      return fail(EXIT.auth, `not allowed (403 ${code}): ${message}`);
    case "slug_taken":
      return fail(EXIT.conflict, `the plugin id is taken (409 slug_taken): ${message}`, ['choose another "id" in plugin.json and rename the folder to match']);
    case "version_exists":
    case "conflict": {
      const current = detail(envelope, "currentVersion");
      return fail(EXIT.conflict, `this version cannot be published (409 ${code}): ${message}`, [
        current ? `raise "version" in plugin.json above ${current}, e.g. ${nextPatch(current)}` : 'raise "version" in plugin.json',
      ]);
    }
    case "rate_limited": {
      const seconds = retryAfterSeconds(answer.headers.get("retry-after"));
      const retryAt = seconds === undefined ? undefined : new Date(Date.now() + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
      const when = seconds === undefined ? "later" : `in ${formatWait(seconds)} (after ${retryAt})`;
      const requests = `${plans.free.entitlements.apiRequestsPerMinute} requests per ${windowName(rateLimits.api.windowSeconds)} per account`;
      const publishes = `${rateLimits.publish.limit} publishes per ${windowName(rateLimits.publish.windowSeconds)}`;
      const why = ctx.operation === "publish" ? `at most ${publishes} and ${requests}` : `at most ${requests}`;
      return fail(EXIT.rateLimited, `too many requests (429 rate_limited): try again ${when}`, [`the service allows ${why}`, `server said: ${message}`], {
        ...(seconds !== undefined ? { retryAfterSeconds: seconds, retryAt } : {}),
      });
    }
    case "not_found":
      return ctx.operation === "download"
        ? fail(EXIT.notFound, `no plugin "${ctx.slug}" (404 not_found): ${message}`, [
            "check the id; a plugin its author deleted can only be downloaded by accounts that had it",
          ])
        : fail(EXIT.service, `${where} has no such endpoint (404 not_found): ${message}`, [
            "check --api-url or STREAMKIT_API_URL: it should be the site's address, without /api/v1",
          ]);
    case "validation_error":
    case "bad_request":
    case "unsupported_media_type": {
      const problems = problemsFrom(envelope.error.details);
      return fail(
        EXIT.service,
        `the server did not accept the request (${status} ${code}): ${message}`,
        ["this CLI may not match the service's version: update @streamkit/plugin-cli"],
        {},
        problems,
      );
    }
    default:
      return fail(EXIT.service, `${status >= 500 ? "the service failed" : "the service refused the request"} (${status} ${code}): ${message}`, [
        "try again in a few minutes",
        requestId ? `if it keeps failing, report it quoting request id ${requestId}` : "if it keeps failing, report it",
      ]);
  }
}

/** "1.2.3" → "1.2.4"; "1.2.3-beta.1" → "1.2.3"; anything else → unchanged. */
export function nextPatch(version: string): string {
  const match = /^(\d+)\.(\d+)\.(\d+)(-[^+]*)?/.exec(version);
  if (!match) return version;
  const [, major, minor, patch, pre] = match;
  return pre ? `${major}.${minor}.${patch}` : `${major}.${minor}.${Number(patch) + 1}`;
}
