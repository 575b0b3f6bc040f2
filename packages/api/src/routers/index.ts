import { createRouter } from "../trpc";
import { accountsRouter } from "./accounts";
import { billingRouter } from "./billing";
import { adminRouter } from "./admin";
import { catalogRouter } from "./catalog";
import { commerceRouter } from "./commerce";
import { fxRouter } from "./fx";
import { inventoryRouter } from "./inventory";
import { keysRouter } from "./keys";
import { marketRouter } from "./market";
import { meRouter } from "./me";
import { oauthRouter } from "./oauth";
import { overlaysRouter } from "./overlays";
import { pluginsRouter } from "./plugins";
import { releasesRouter } from "./releases";
import { soundsRouter } from "./sounds";

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
