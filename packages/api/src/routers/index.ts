import { createRouter } from "../trpc";
import { accountsRouter } from "./accounts";
import { adminRouter } from "./admin";
import { commerceRouter } from "./commerce";
import { fxRouter } from "./fx";
import { keysRouter } from "./keys";
import { meRouter } from "./me";
import { pluginsRouter } from "./plugins";

export const appRouter = createRouter({
  accounts: accountsRouter,
  admin: adminRouter,
  commerce: commerceRouter,
  fx: fxRouter,
  keys: keysRouter,
  me: meRouter,
  plugins: pluginsRouter,
});

export type AppRouter = typeof appRouter;
