/**
 * Windows counted in Redis (REDIS_URL; docs/operations.md#redis): the same
 * fixed windows and decision as database-store.ts (window.ts), exact across
 * any number of processes because each decision is one Lua script Redis runs
 * atomically — the increment and, on a window's first hit, its expiry. A
 * window's key ends with the window's start, so a new window is a new key
 * whatever the keys' expiry, and each key removes itself a little after its
 * window ends (redisCounting.expiryGraceMs: room for the processes' clocks).
 *
 * Redis down, unreachable or slower than REDIS_TIMEOUT_MS: the decision fails
 * closed with 503 service_unavailable and Retry-After, never falls back to
 * the database (half the processes counting elsewhere would double every
 * limit). The connection comes back by itself (exponential backoff up to
 * redisCounting.reconnectMaxMs); while it is away, requests are refused at
 * once rather than queued. The client connects on the first decision, so a
 * one-shot command that counts nothing never opens a connection.
 */
import { redisCounting } from "@streamkit/api-contract";
import { type CommandParser, createClient, defineScript } from "@redis/client";
import { serviceUnavailable } from "../error-mapping";
import type { Logger } from "../logger";
import type { Db, Tx } from "@streamkit/db";
import type { TransactionHit, WindowStore } from "./store";
import { decideWindow, type RateLimitDecision, type WindowRule, windowAt } from "./window";

/** KEYS[1]: the window's key; ARGV[1]: its time to live (ms), set by the window's first hit. Returns the hit's number. */
const hitScript = defineScript({
  NUMBER_OF_KEYS: 1,
  SCRIPT: `local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return hits`,
  parseCommand(parser: CommandParser, key: string, ttlMs: number) {
    parser.pushKey(key);
    parser.push(String(ttlMs));
  },
  transformReply: (reply: unknown) => Number(reply),
});

/** Takes one hit back, never below zero and never creating a key (DECR keeps the key's expiry). */
const refundScript = defineScript({
  NUMBER_OF_KEYS: 1,
  SCRIPT: `local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits > 0 then return redis.call('DECR', KEYS[1]) end
return 0`,
  parseCommand(parser: CommandParser, key: string) {
    parser.pushKey(key);
  },
  transformReply: (reply: unknown) => Number(reply),
});

export interface RedisWindowsOptions {
  url: string;
  /** Put before every key (REDIS_KEY_PREFIX), so deployments or test runs can share one Redis. */
  keyPrefix: string;
  /** How long a decision waits for Redis: the first connection, or one script (REDIS_TIMEOUT_MS). */
  timeoutMs: number;
  log: Logger;
}

const createRedisClient = (options: RedisWindowsOptions) =>
  createClient({
    url: options.url,
    scripts: { hitWindow: hitScript, refundWindow: refundScript },
    // Refused at once while reconnecting, instead of piling up behind an outage.
    disableOfflineQueue: true,
    commandOptions: { timeout: options.timeoutMs },
    socket: {
      connectTimeout: options.timeoutMs,
      reconnectStrategy: (retries) => Math.min(redisCounting.reconnectMinMs * 2 ** retries, redisCounting.reconnectMaxMs),
    },
  });

export class RedisWindows implements WindowStore {
  readonly kind = "redis";
  private readonly client: ReturnType<typeof createRedisClient>;
  private connecting: Promise<unknown> | undefined;
  private nextReady: Promise<void> | undefined;
  /** Ready once at least: from then on, a lost connection answers 503 at once instead of waiting for it. */
  private everReady = false;
  private down = false;
  private closed = false;

  constructor(private readonly options: RedisWindowsOptions) {
    this.client = createRedisClient(options);
    // An error event without a listener would end the process; the state changes are what the log needs.
    this.client.on("error", (error: unknown) => {
      if (this.down || this.closed) return;
      this.down = true;
      options.log.warn({ err: error }, "redis: unreachable; rate-limited requests answer 503 until it is back");
    });
    this.client.on("ready", () => {
      options.log.info(this.down ? "redis: connected again" : "redis: connected; rate limits are counted in Redis");
      this.everReady = true;
      this.down = false;
    });
  }

  /** True while the connection is open and ready (tests wait on it through `ready`). */
  get isReady(): boolean {
    return this.client.isReady;
  }

  /** Resolves the next time the connection is ready (at once when it is). */
  ready(): Promise<void> {
    this.connect();
    if (this.client.isReady) return Promise.resolve();
    this.nextReady ??= new Promise((resolve) =>
      this.client.once("ready", () => {
        this.nextReady = undefined;
        resolve();
      }),
    );
    return this.nextReady;
  }

  async hit(bucket: string, rule: WindowRule, now: Date): Promise<RateLimitDecision> {
    const at = now.getTime();
    const window = windowAt(at, rule.windowSeconds);
    const ttlMs = window.end - at + redisCounting.expiryGraceMs;
    const hits = await this.run((client) => client.hitWindow(this.keyOf(bucket, window.start), ttlMs));
    return decideWindow(hits, rule.limit, window.end, at);
  }

  async refund(bucket: string, windowSeconds: number, now: Date): Promise<void> {
    const window = windowAt(now.getTime(), windowSeconds);
    await this.run((client) => client.refundWindow(this.keyOf(bucket, window.start)));
  }

  /**
   * Redis is not part of the database's transaction: the hits counted in it are given back when it does not
   * commit (a refused or failed publish counts nothing, as in the database). Meanwhile they count, so a
   * concurrent attempt can be refused by a hit that is then given back; a hit Redis could not take back
   * (down by then) counts until its window ends. Both err on the side of the limit.
   */
  async transaction<T>(db: Db, work: (tx: Tx, hit: TransactionHit) => Promise<T>): Promise<T> {
    const counted: { bucket: string; windowSeconds: number; now: Date }[] = [];
    try {
      return await db.transaction((tx) =>
        work(tx, async (bucket, rule, now) => {
          const decision = await this.hit(bucket, rule, now);
          counted.push({ bucket, windowSeconds: rule.windowSeconds, now });
          return decision;
        }),
      );
    } catch (error) {
      await Promise.all(
        counted.map(({ bucket, windowSeconds, now }) =>
          this.refund(bucket, windowSeconds, now).catch((refundError: unknown) =>
            this.options.log.warn({ err: refundError, bucket }, "redis: could not give back the hit of a transaction that did not commit"),
          ),
        ),
      );
      throw error;
    }
  }

  /** A PING answered within REDIS_TIMEOUT_MS (waiting as long for a first connection). */
  async answers(): Promise<boolean> {
    return this.run((client) => client.ping()).then(
      () => true,
      () => false,
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    // Connected: the decisions in flight finish first. Still trying to connect: nothing to wait for.
    if (this.client.isReady) await this.client.close().catch(() => this.client.destroy());
    else if (this.client.isOpen) this.client.destroy();
  }

  /** The same bucket names as rate_limit_windows, the window's start (epoch ms) last. */
  keyOf(bucket: string, windowStart: number): string {
    return `${this.options.keyPrefix}limits:${bucket}@${windowStart}`;
  }

  private connect(): void {
    if (this.connecting || this.closed) return;
    // Retries by itself until it connects (reconnectStrategy); each failure is an error event.
    this.connecting = this.client.connect().catch(() => {});
  }

  /** Runs one script (waiting at most REDIS_TIMEOUT_MS for the first connection); any failure becomes 503 service_unavailable. */
  private async run<T>(script: (client: ReturnType<typeof createRedisClient>) => Promise<T>): Promise<T> {
    if (this.closed) throw unavailable("closed");
    if (!this.client.isReady && !this.everReady) await this.firstConnection();
    try {
      return await script(this.client);
    } catch (error) {
      throw unavailable(error instanceof Error ? error.name : "error");
    }
  }

  private async firstConnection(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.options.timeoutMs);
    });
    try {
      if (!(await Promise.race([this.ready().then(() => true), late]))) throw unavailable("connect-timeout");
    } finally {
      clearTimeout(timer);
    }
  }
}

/** 503 with Retry-After; the reason rides along for the log line (error-mapping.ts's unavailableReason), never in the answer. */
function unavailable(reason: string) {
  return Object.assign(serviceUnavailable(), { cause: `redis: ${reason}` });
}
