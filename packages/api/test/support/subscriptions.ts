import type { PaidPlan } from "@streamkit/plans";
import { runSubscriptionSweep } from "@streamkit/billing";
import { randomUUID } from "node:crypto";
import { createContext } from "../../src/shared/context";
import { toAppError } from "../../src/shared/error-mapping";
import { appRouter } from "../../src/app/router";
import { createCallerFactory } from "../../src/shared/trpc";
import type { TestApp } from "./app";
import { webCaller } from "./commerce";
import { bearer, insertAccount, insertKey } from "./factories";
import { sessionCookie } from "./session";
import { readTrpc, trpcMutate, trpcQuery } from "./trpc";
import { settleKeptCallers } from "../../src/accounts/principal";

export interface Subscriber {
  id: string;
  key: string;
  cookie: string;
  /** The website's own calls (/api/trpc, signed in with a session): a query, and a mutation from the site's Origin. */
  query(procedure: string, input?: unknown): ReturnType<typeof readTrpc>;
  mutate(procedure: string, input?: unknown): ReturnType<typeof readTrpc>;
  /** The plan GET /me reports on this very request (with an API key). */
  plan(): Promise<string>;
}

export async function subscriber(app: TestApp, values: Parameters<typeof insertAccount>[1] = {}): Promise<Subscriber> {
  const row = await insertAccount(app.deps.db, values);
  const { key } = await insertKey(app.deps.db, row.id);
  const cookie = await sessionCookie(app, row.id, { maxAge: 10 * 365 * 24 * 3600 });
  return {
    id: row.id,
    key,
    cookie,
    query: async (procedure, input) => readTrpc(await trpcQuery(app, procedure, input, { cookie })),
    mutate: async (procedure, input) =>
      input === undefined ? callInProcess(app, row.id, procedure) : readTrpc(await trpcMutate(app, procedure, input, { cookie })),
    plan: async () => (await app.json("/me", { headers: bearer(key) })).body.plan.name,
  };
}

/** Subscribes as the plans page does and pays on the built-in provider's page. */
export async function subscribe(who: Subscriber, plan: PaidPlan, interval: "month" | "year" = "month", testCard: "ok" | "declines" = "ok") {
  const started = await who.mutate("billing.subscribe", { plan, interval });
  if (started.error) throw new Error(`subscribe: ${JSON.stringify(started.error)}`);
  const paid = await who.mutate("billing.payBuiltin", { id: started.data.subscriptionId, testCard });
  if (paid.error) throw new Error(`pay: ${JSON.stringify(paid.error)}`);
  return { ...started.data, outcome: paid.data.outcome } as { subscriptionId: string; redirectUrl: string; currency: string; amount: number; outcome: string };
}

export const billing = async (who: Subscriber) => (await who.query("billing.overview")).data;

/** The maintenance job's sweep, then this instance's kept API key callers caught up with what it changed (a job answers nobody: nothing waits for it). */
export const sweep = async (app: TestApp) => {
  const swept = await runSubscriptionSweep(app.deps);
  await settleKeptCallers(app.deps);
  return swept;
};

const createCaller = createCallerFactory(appRouter);

/**
 * A mutation without input as the website's server actions make it: in-process,
 * as the signed-in visitor (over HTTP, tRPC cannot carry a void input in a JSON POST).
 */
async function callInProcess(app: TestApp, accountId: string, procedure: string): ReturnType<typeof readTrpc> {
  const caller = createCaller(createContext({ deps: app.deps, requestId: randomUUID(), surface: "web", caller: await webCaller(app, accountId) }));
  const call = procedure.split(".").reduce<any>((node, name) => node[name], caller);
  try {
    return { status: 200, data: await call(), error: undefined };
  } catch (error) {
    const appError = toAppError(error);
    return { status: 0, data: undefined, error: { code: appError.code, message: appError.message, details: appError.details } };
  }
}
