import { createRouter } from "../shared/trpc";
import { accountsRouter } from "../accounts";
import { assetsRouter } from "../assets";
import { adminRouter } from "../admin";
import { catalogRouter } from "../overlays";
import { fxRouter } from "../fx";
import { inventoryRouter } from "../market";
import { keysRouter } from "../accounts";
import { marketRouter } from "../market";
import { meRouter } from "../accounts";
import { oauthRouter } from "../oauth";
import { overlaysRouter } from "../overlays";
import { pluginsRouter, signingKeysRouter } from "../plugins";
import { publishersRouter } from "../publishers";
import { releasesRouter } from "../updater";
import { soundsRouter } from "../sounds";
import { billingRouter, commerceRouter } from "../billing";

export const appRouter = createRouter({
  accounts: accountsRouter,
  admin: adminRouter,
  assets: assetsRouter,
  billing: billingRouter,
  catalog: catalogRouter,
  commerce: commerceRouter,
  fx: fxRouter,
  inventory: inventoryRouter,
  keys: keysRouter,
  market: marketRouter,
  me: meRouter,
  oauth: oauthRouter,
  overlays: overlaysRouter,
  plugins: pluginsRouter,
  pluginSigningKeys: signingKeysRouter,
  publishers: publishersRouter,
  releases: releasesRouter,
  sounds: soundsRouter,
});

export type AppRouter = typeof appRouter;
