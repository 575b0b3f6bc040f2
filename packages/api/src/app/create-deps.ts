import { type DatabaseSignals, notifyThrough } from "@streamkit/db";
import { syncMarketCatalogue } from "../market";
import { syncPredefinedCatalogue } from "../overlays";
import { createPayments, type Payments, realProviders } from "@streamkit/billing";
import { syncSoundCatalogue } from "./seeding";
import { sessionSecrets } from "../accounts";
import type { AppDeps } from "../shared/deps";
import { createWindowStore } from "../shared/limits/create-store";
import { createMailer, type Mailer } from "../shared/mailer";
import { minisignKeyFromSeed } from "../shared/minisign";
import { deriveSecrets, loadMasterSecrets, removeLegacySecrets } from "../shared/secrets";
import { ensureActiveSigningKey, pluginSigningKeys } from "../plugins";

/** The one way a process (server, CLI, test) assembles its dependencies. */
export async function createDeps(
  input: Omit<
    AppDeps,
    | "payments"
    | "sessionSecrets"
    | "overlaySourceSecrets"
    | "mailer"
    | "demoReleaseKey"
    | "pluginSigningKeys"
    | "cachedPageSecret"
    | "signInDeviceSecrets"
    | "signals"
    | "limitStore"
  > & {
    /** The database handle's LISTEN/NOTIFY; without one (a handle-less caller) notices are sent, and listening fails. */
    signals?: DatabaseSignals;
    payments?: Payments;
    mailer?: Mailer;
    /** The rate-limit store (default: Redis when REDIS_URL is set, else the database; Redis connects on first use, so a tool that counts nothing never does). */
    limitStore?: AppDeps["limitStore"];
    /** A one-shot command (the operator CLI, a feed refresh) never takes charge of the signing key set: run with another secret, it would rotate the servers' key away. */
    tool?: boolean;
  },
): Promise<AppDeps> {
  const { tool, ...given } = input;
  const master = loadMasterSecrets(input.env);
  // Older versions kept generated secrets in `settings` in plain text; they sign nothing any more.
  await removeLegacySecrets(input.db);
  // The predefined overlays ship with the code: every start brings the catalogue up to date (overlays/catalog.ts).
  await syncPredefinedCatalogue(input.db);
  // Then the market's widgets and themes (market/market-catalogue.ts): themes name overlays as members.
  await syncMarketCatalogue(input.db);
  // The seeded sounds (@streamkit/seed, through seeding.ts): synthesised and inserted once per database; later starts cost one query.
  await syncSoundCatalogue(input.db);
  const deps: AppDeps = {
    ...given,
    signals: input.signals ?? {
      notify: (channel, payload) => notifyThrough(input.db, channel, payload),
      listen: () => Promise.reject(new Error("This process has no database handle to listen with.")),
    },
    payments: input.payments ?? (await createPayments(input.env, deriveSecrets(master, "builtin-payments"), realProviders(input.env))),
    sessionSecrets: sessionSecrets(input.env, master),
    overlaySourceSecrets: deriveSecrets(master, "overlay-source"),
    mailer: input.mailer ?? createMailer(input.env, input.db, input.log),
    limitStore: input.limitStore ?? createWindowStore(input.env, input.db, input.log),
    demoReleaseKey: minisignKeyFromSeed(Buffer.from(deriveSecrets(master, "demo-release-signing")[0]!, "base64url")),
    pluginSigningKeys: pluginSigningKeys(input.env, master),
    cachedPageSecret: deriveSecrets(master, "cached-page-nonce")[0]!,
    signInDeviceSecrets: deriveSecrets(master, "sign-in-device"),
  };
  // The plugin signing key set has an active key before the first publish or download (plugins/signing/keys.ts).
  if (!tool) await ensureActiveSigningKey(deps);
  return deps;
}
