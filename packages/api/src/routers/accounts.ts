import { rateLimits, signUpSchema } from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { hashPassword } from "../auth/password";
import { createAccount } from "../services/accounts";
import { hitRateLimit, rateLimitedError } from "../services/rate-limit";
import { publicProcedure } from "../trpc";

/** The website's account forms: not part of /api/v1. */
export const accountsRouter = {
  /**
   * Sign-up climbs the ladder like every other write: a suspended account's
   * session cannot create accounts, and each client address may create
   * rateLimits.signUp accounts an hour (counted in the database).
   */
  signUp: publicProcedure
    .input(signUpSchema)
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { db, env, now } = ctx.deps;
      const limit = env.SIGN_UP_LIMIT_PER_HOUR ?? rateLimits.signUp.limit;
      const decision = await hitRateLimit(db, { bucket: `signup:${ctx.clientAddress}`, limit, windowSeconds: rateLimits.signUp.windowSeconds }, now());
      if (!decision.allowed) throw rateLimitedError(decision, "Too many new accounts from this address");
      const account = await createAccount(db, {
        email: input.email,
        name: input.name,
        country: input.country ?? null,
        passwordHash: await hashPassword(input.password),
      });
      return { id: account.id };
    }),
} satisfies TRPCRouterRecord;
