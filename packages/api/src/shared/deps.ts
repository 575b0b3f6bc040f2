import type { DatabaseSignals, Db } from "@streamkit/db";
import type { Payments } from "@streamkit/billing";
import type { Env } from "./env";
import type { WindowStore } from "./limits/store";
import type { Logger } from "./logger";
import type { Mailer } from "./mailer";
import type { MinisignKey } from "./minisign";
import type { TestClock } from "./test-clock";

/** What every request handler needs from the process: built once at start, replaced in tests. */
export interface AppDeps {
  db: Db;
  /** LISTEN/NOTIFY on the same database (the overlays' browser sources are woken through it). */
  signals: DatabaseSignals;
  env: Env;
  log: Logger;
  /** Where the rate-limit windows are counted: the database, or Redis when REDIS_URL is set (shared/limits). Closed with the process. */
  limitStore: WindowStore;
  /** The clock; tests inject their own. */
  now: () => Date;
  /** Payment providers for checkout, webhooks and refunds. */
  payments: Payments;
  /**
   * Sign and read the website's sessions (Auth.js JWTs), newest first: derived
   * from the master secret outside the database (shared/secrets.ts), or AUTH_SECRET.
   */
  sessionSecrets: string[];
  /** Sign the overlays' browser-source addresses (overlays/overlay-source.ts), newest first. */
  overlaySourceSecrets: string[];
  /** The service's email: SMTP, the development outbox, or none (shared/mailer.ts). */
  mailer: Mailer;
  /**
   * Signs the demo releases' artefacts (updater/demo-releases.ts): derived from the
   * current master secret, so it is the same at every start and never stored.
   */
  demoReleaseKey: MinisignKey;
  /**
   * The private keys this process can sign plugin packages with (plugins/signing): PLUGIN_SIGNING_KEYS,
   * or one development key derived from the master secret (`source: "default"`). The database says which is active.
   */
  pluginSigningKeys: { keys: MinisignKey[]; source: "PLUGIN_SIGNING_KEYS" | "default" };
  /** Derives the script nonce of each cached page (cached-pages.ts): from the current master secret, never stored. */
  cachedPageSecret: string;
  /** Sign the sign-in device cookies (accounts/sign-in-device.ts), newest first. */
  signInDeviceSecrets: string[];
  /** The movable clock behind `now` when TEST_CLOCK=on (test-clock.ts); absent otherwise. */
  testClock?: TestClock;
}
