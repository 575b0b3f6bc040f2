import { BASE, type TestApp } from "./app";

/**
 * The website's endpoint, /api/trpc, as its pages call it: queries as GET
 * with the input in the address, mutations as POST from the site's own Origin.
 */
export function trpcQuery(app: TestApp, procedure: string, input: unknown, headers: Record<string, string> = {}) {
  return app.raw(`/api/trpc/${procedure}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers });
}

export function trpcMutate(app: TestApp, procedure: string, input: unknown, headers: Record<string, string> = {}) {
  return app.raw(`/api/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE, ...headers },
    body: JSON.stringify(input),
  });
}

export interface TrpcAnswer {
  status: number;
  /** result.data of a success. */
  data: any;
  /** The domain error of a failure: { code, message, details? }. */
  error: { code: string; message: string; details?: unknown } | undefined;
}

export async function readTrpc(response: Response): Promise<TrpcAnswer> {
  const body = JSON.parse(await response.text());
  return { status: response.status, data: body.result?.data, error: body.error?.data?.appError ?? body.error };
}
