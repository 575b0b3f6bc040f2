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
}

/** Runs autocannon against one URL: a warm-up, then the measured run. */
export async function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const connections = options.connections ?? 16;
  if ((options.warmupSeconds ?? 2) > 0) await run(url, connections, options.warmupSeconds ?? 2, options.addresses, options.headers);
  return summarize(await run(url, connections, options.seconds ?? 10, options.addresses, options.headers));
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

function run(url: string, connections: number, duration: number, addresses: number | undefined, headers?: Record<string, string>): Promise<autocannon.Result> {
  const target = new URL(url);
  let n = 0;
  const requests = addresses
    ? [
        {
          method: "GET",
          path: target.pathname + target.search,
          setupRequest: (request: autocannon.Request) => {
            n = (n + 1) % addresses;
            return { ...request, headers: { ...request.headers, "x-forwarded-for": `10.${n >> 8}.${n & 255}.7` } };
          },
        },
      ]
    : undefined;
  return new Promise((resolve, reject) => {
    autocannon({ url: addresses ? target.origin : url, connections, duration, pipelining: 1, requests, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}
