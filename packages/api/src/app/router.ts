import { createRouter } from "../shared/trpc";
import { accountsRouter } from "../accounts/router";
import { billingRouter, commerceRouter } from "../billing";
import { adminRouter } from "../admin/router";
import { catalogRouter } from "../overlays/catalog-router";
import { fxRouter } from "../fx/router";
import { inventoryRouter } from "../market/inventory-router";
import { keysRouter } from "../accounts/keys-router";
import { marketRouter } from "../market/router";
import { meRouter } from "../accounts/me-router";
import { oauthRouter } from "../oauth/router";
import { overlaysRouter } from "../overlays/router";
import { pluginsRouter } from "../plugins/router";
import { releasesRouter } from "../updater/router";
import { soundsRouter } from "../sounds/router";

export const appRouter = createRouter({
  accounts: accountsRouter,
  admin: adminRouter,
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
  releases: releasesRouter,
  sounds: soundsRouter,
});

export type AppRouter = typeof appRouter;
