import { redisCounting } from "@streamkit/api-contract";
import type { Db } from "@streamkit/db";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { RedisWindows } from "./redis-store";
import { DatabaseWindows, type WindowStore } from "./store";

/** Redis when REDIS_URL is set, else the database. Redis is connected on the first decision, not here. */
export function createWindowStore(env: Pick<Env, "REDIS_URL" | "REDIS_KEY_PREFIX" | "REDIS_TIMEOUT_MS">, db: Db, log: Logger): WindowStore {
  if (!env.REDIS_URL) return new DatabaseWindows(db);
  return new RedisWindows({ url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX, timeoutMs: env.REDIS_TIMEOUT_MS ?? redisCounting.timeoutMs, log });
}
