/**
 * One GET with a timeout and polite retries, shared by every feed adapter.
 *
 * - The timeout covers the whole exchange, headers and body: a server that stalls
 *   mid-body is as dead as one that never answers.
 * - Retried: network errors, timeouts, 5xx and 429 — the failures that go away.
 *   Never retried: other 4xx (the request itself is wrong, or the resource moved;
 *   asking again only adds load), and a caller's own abort.
 * - Backoff doubles from `backoffMs` up to `maxBackoffMs`, with "equal jitter"
 *   (half fixed, half random) so that several processes restarted together do not
 *   retry in lockstep, yet never retry instantly.
 * - A Retry-After (seconds or HTTP date) replaces the backoff; one longer than
 *   `maxRetryAfterMs` is not waited for — the source is given up for this round and
 *   the error carries retryAfterMs so the scheduler can stay away that long.
 */

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export type FeedErrorKind = "timeout" | "network" | "http" | "parse";

export interface FeedErrorDetails {
  url?: string;
  status?: number;
  attempts?: number;
  retryAfterMs?: number;
}

export class FeedError extends Error {
  override readonly name = "FeedError";
  constructor(
    readonly kind: FeedErrorKind,
    message: string,
    readonly details: FeedErrorDetails = {},
  ) {
    super(message);
  }
}

export interface HttpPolicy {
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  maxBackoffMs: number;
  maxRetryAfterMs: number;
  userAgent: string;
}

export interface HttpDeps {
  fetch: FetchLike;
  /** Waits between attempts; injectable so tests can record the delays. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** 0 ≤ x < 1, for the jitter. */
  random?: () => number;
  /** Cancels everything (the server shutting down); not retried. */
  signal?: AbortSignal;
}

export interface FetchedText {
  body: string;
  attempts: number;
}

type Attempt = { ok: true; body: string } | { ok: false; error: FeedError; retryable: boolean; retryAfterMs?: number };

class Timeout {}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function backoffDelay(retry: number, policy: HttpPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** (retry - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}

async function attemptOnce(url: string, accept: string, policy: HttpPolicy, deps: HttpDeps): Promise<Attempt> {
  const timer = new AbortController();
  const signal = deps.signal ? AbortSignal.any([deps.signal, timer.signal]) : timer.signal;
  let onTimeout: () => void = () => {};
  // Raced as well as signalled, so a fetch implementation that ignores the signal still times out.
  const timedOut = new Promise<never>((_, reject) => {
    onTimeout = () => reject(new Timeout());
  });
  const handle = setTimeout(() => {
    timer.abort(new Timeout());
    onTimeout();
  }, policy.timeoutMs);
  const exchange = (async (): Promise<Attempt> => {
    const response = await deps.fetch(url, {
      signal,
      redirect: "follow",
      headers: { accept, "user-agent": policy.userAgent },
    });
    if (response.ok) return { ok: true, body: await response.text() };
    await response.body?.cancel().catch(() => undefined);
    const status = response.status;
    return {
      ok: false,
      error: new FeedError("http", `HTTP ${status} from ${url}`, { url, status }),
      retryable: status >= 500 || status === 429,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
    };
  })();
  exchange.catch(() => undefined); // the race below may settle first; never leave it unhandled
  try {
    return await Promise.race([exchange, timedOut]);
  } catch (cause) {
    if (deps.signal?.aborted) throw deps.signal.reason ?? cause;
    if (cause instanceof Timeout || timer.signal.aborted) {
      return {
        ok: false,
        error: new FeedError("timeout", `No complete answer from ${url} within ${policy.timeoutMs} ms`, { url }),
        retryable: true,
      };
    }
    const message = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : String(cause);
    return { ok: false, error: new FeedError("network", `${message} (${url})`, { url }), retryable: true };
  } finally {
    clearTimeout(handle);
  }
}

/** GET url and return its body, or throw a FeedError describing the last failure. */
export async function fetchText(url: string, policy: HttpPolicy, deps: HttpDeps, accept = "*/*"): Promise<FetchedText> {
  const sleep = deps.sleep ?? abortableSleep;
  const random = deps.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    const outcome = await attemptOnce(url, accept, policy, deps);
    if (outcome.ok) return { body: outcome.body, attempts: attempt };
    const { error } = outcome;
    const details = { ...error.details, attempts: attempt, retryAfterMs: outcome.retryAfterMs };
    const failed = new FeedError(error.kind, error.message, details);
    if (!outcome.retryable || attempt > policy.retries) throw failed;
    let delay = backoffDelay(attempt, policy, random);
    if (outcome.retryAfterMs !== undefined) {
      if (outcome.retryAfterMs > policy.maxRetryAfterMs) throw failed;
      delay = outcome.retryAfterMs;
    }
    await sleep(delay, deps.signal);
  }
}
