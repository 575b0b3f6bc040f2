import { createRouter } from "../trpc";
import { accountsRouter } from "./accounts";
import { adminRouter } from "./admin";
import { catalogRouter } from "./catalog";
import { commerceRouter } from "./commerce";
import { fxRouter } from "./fx";
import { keysRouter } from "./keys";
import { meRouter } from "./me";
import { oauthRouter } from "./oauth";
import { overlaysRouter } from "./overlays";
import { pluginsRouter } from "./plugins";
import { releasesRouter } from "./releases";

export const appRouter = createRouter({
  accounts: accountsRouter,
  admin: adminRouter,
  catalog: catalogRouter,
  commerce: commerceRouter,
  fx: fxRouter,
  keys: keysRouter,
  me: meRouter,
  oauth: oauthRouter,
  overlays: overlaysRouter,
  plugins: pluginsRouter,
  releases: releasesRouter,
});

export type AppRouter = typeof appRouter;
