import type { Db } from "@streamkit/db";
import { sessionSecrets } from "../accounts/session-secrets";
import { deriveSecrets, loadMasterSecrets, removeLegacySecrets } from "./secrets";
import type { Env } from "./env";
import type { Logger } from "./logger";
import { createPayments, type Payments } from "../billing/payments/registry";
import { realProviders } from "../billing/payments/real-providers";
import { syncPredefinedCatalogue } from "../overlays/catalog";
import { syncMarketCatalogue } from "../market/market-catalogue";
import { createMailer, type Mailer } from "./mailer";
import { type MinisignKey, minisignKeyFromSeed } from "./minisign";
import { syncSoundCatalogue } from "../sounds/seed";
import type { TestClock } from "./test-clock";

/** What every request handler needs from the process: built once at start, replaced in tests. */
export interface AppDeps {
  db: Db;
  env: Env;
  log: Logger;
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
  /** Derives the script nonce of each cached page (cached-pages.ts): from the current master secret, never stored. */
  cachedPageSecret: string;
  /** Sign the sign-in device cookies (accounts/sign-in-device.ts), newest first. */
  signInDeviceSecrets: string[];
  /** The movable clock behind `now` when TEST_CLOCK=on (test-clock.ts); absent otherwise. */
  testClock?: TestClock;
}

/** The one way a process (server, CLI, test) assembles its dependencies. */
export async function createDeps(
  input: Omit<AppDeps, "payments" | "sessionSecrets" | "overlaySourceSecrets" | "mailer" | "demoReleaseKey" | "cachedPageSecret" | "signInDeviceSecrets"> & {
    payments?: Payments;
    mailer?: Mailer;
  },
): Promise<AppDeps> {
  const master = loadMasterSecrets(input.env);
  // Older versions kept generated secrets in `settings` in plain text; they sign nothing any more.
  await removeLegacySecrets(input.db);
  // The predefined overlays ship with the code: every start brings the catalogue up to date (overlays/catalog.ts).
  await syncPredefinedCatalogue(input.db);
  // Then the market's widgets and themes (market/market-catalogue.ts): themes name overlays as members.
  await syncMarketCatalogue(input.db);
  // The seeded sounds (sounds/seed.ts): synthesised and inserted once per database; later starts cost one query.
  await syncSoundCatalogue(input.db);
  return {
    ...input,
    payments: input.payments ?? (await createPayments(input.env, deriveSecrets(master, "builtin-payments"), realProviders(input.env))),
    sessionSecrets: sessionSecrets(input.env, master),
    overlaySourceSecrets: deriveSecrets(master, "overlay-source"),
    mailer: input.mailer ?? createMailer(input.env, input.db, input.log),
    demoReleaseKey: minisignKeyFromSeed(Buffer.from(deriveSecrets(master, "demo-release-signing")[0]!, "base64url")),
    cachedPageSecret: deriveSecrets(master, "cached-page-nonce")[0]!,
    signInDeviceSecrets: deriveSecrets(master, "sign-in-device"),
  };
}
