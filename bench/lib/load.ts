import autocannon from "autocannon";

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against one URL: a warm-up, then the measured run. */
export async function load(url: string, options: { seconds?: number; connections?: number; warmupSeconds?: number } = {}): Promise<LoadResult> {
  const connections = options.connections ?? 16;
  if ((options.warmupSeconds ?? 2) > 0) await run(url, connections, options.warmupSeconds ?? 2);
  const result = await run(url, connections, options.seconds ?? 10);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

function run(url: string, connections: number, duration: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}
