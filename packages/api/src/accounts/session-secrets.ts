import type { Env } from "../shared/env";
import { deriveSecrets, type MasterSecrets } from "../shared/secrets";

/**
 * The secrets of website sessions (Auth.js JWTs), newest first: Auth.js signs
 * with the first and reads a cookie made with any of them. AUTH_SECRET, when
 * configured, wins; otherwise they are derived from the master secrets
 * (secrets.ts), so every process with the same master secret agrees and a
 * rotation keeps the previous master secret's sessions valid.
 */
export function sessionSecrets(env: Env, master: MasterSecrets): string[] {
  if (env.AUTH_SECRET) return [env.AUTH_SECRET];
  return deriveSecrets(master, "auth-session");
}
