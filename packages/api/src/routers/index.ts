import { createRouter } from "../trpc";
import { accountsRouter } from "./accounts";
import { adminRouter } from "./admin";
import { catalogRouter } from "./catalog";
import { commerceRouter } from "./commerce";
import { fxRouter } from "./fx";
import { keysRouter } from "./keys";
import { meRouter } from "./me";
import { overlaysRouter } from "./overlays";
import { pluginsRouter } from "./plugins";

export const appRouter = createRouter({
  accounts: accountsRouter,
  admin: adminRouter,
  catalog: catalogRouter,
  commerce: commerceRouter,
  fx: fxRouter,
  keys: keysRouter,
  me: meRouter,
  overlays: overlaysRouter,
  plugins: pluginsRouter,
});

export type AppRouter = typeof appRouter;
