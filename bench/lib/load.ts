import autocannon from "autocannon";

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  seconds?: number;
  connections?: number;
  warmupSeconds?: number;
  /**
   * Sends every request as if from the next of this many client addresses in
   * turn (X-Forwarded-For; the server must trust loopback proxies), so
   * per-address limits are counted but not hit — as for real visitors behind a CDN.
   */
  addresses?: number;
  /** Headers sent with every request (credentials, Range). */
  headers?: Record<string, string>;
  /** GET unless said; a body is sent with every request (an upload). */
  method?: "GET" | "POST";
  body?: Buffer;
  /**
   * Sends every request with the next of these Authorization values in turn:
   * keyed load from many accounts, as a service sees it, each account within
   * its own per-minute limit.
   */
  authorizations?: readonly string[];
}

/** Runs autocannon against one URL: a warm-up, then the measured run. */
export async function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const connections = options.connections ?? 16;
  const warmup = options.warmupSeconds ?? 2;
  if (warmup > 0) await run(url, connections, warmup, options);
  return summarize(await run(url, connections, options.seconds ?? 10, options));
}

/** The figures the reports print, from one autocannon run. */
function summarize(result: autocannon.Result): LoadResult {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

function run(url: string, connections: number, duration: number, options: LoadOptions): Promise<autocannon.Result> {
  const target = new URL(url);
  const { addresses, authorizations, headers, method = "GET", body } = options;
  let address = 0;
  let authorization = 0;
  const requests =
    addresses || authorizations?.length
      ? [
          {
            method,
            path: target.pathname + target.search,
            body,
            setupRequest: (request: autocannon.Request) => {
              const extra: Record<string, string> = {};
              if (addresses) {
                address = (address + 1) % addresses;
                extra["x-forwarded-for"] = `10.${address >> 8}.${address & 255}.7`;
              }
              if (authorizations?.length) {
                authorization = (authorization + 1) % authorizations.length;
                extra.authorization = authorizations[authorization]!;
              }
              return { ...request, headers: { ...request.headers, ...extra } };
            },
          },
        ]
      : undefined;
  return new Promise((resolve, reject) => {
    autocannon({ url: requests ? target.origin : url, connections, duration, pipelining: 1, requests, headers, method, body }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}
