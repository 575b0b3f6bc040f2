import type { Db } from "@streamkit/db";
import { authSecret } from "./auth/auth-secret";
import type { Env } from "./env";
import type { Logger } from "./logger";
import { createPayments, type Payments } from "./payments/registry";
import { realProviders } from "./payments/real-providers";

/** What every request handler needs from the process: built once at start, replaced in tests. */
export interface AppDeps {
  db: Db;
  env: Env;
  log: Logger;
  /** The clock; tests inject their own. */
  now: () => Date;
  /** Payment providers for checkout, webhooks and refunds. */
  payments: Payments;
  /** Signs and reads the website's sessions (Auth.js JWTs); every process on one database agrees on it. */
  sessionSecret: string;
}

/** The one way a process (server, CLI, test) assembles its dependencies. */
export async function createDeps(input: Omit<AppDeps, "payments" | "sessionSecret"> & { payments?: Payments }): Promise<AppDeps> {
  return {
    ...input,
    payments: input.payments ?? (await createPayments(input.db, input.env, realProviders(input.env))),
    sessionSecret: await authSecret(input.db, input.env.AUTH_SECRET),
  };
}
