import {
  changePasswordSchema,
  deleteAccountSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  profileSchema,
  signUpSchema,
} from "@streamkit/api-contract";
import { planNameSchema } from "@streamkit/plans";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { hashPassword } from "./password";
import { createAccount } from "./accounts";
import { hitLimit } from "../shared/limits/index";
import { rateLimitedError } from "../shared/limits/window";
import { AppError } from "@streamkit/api-contract";
import { changePassword, deleteAccount, hasPassword, requestPasswordReset, resetPassword, updateProfile } from "./account-settings";
import { listOutbox } from "./outbox";
import { accountProcedure, publicProcedure, staffProcedure } from "../shared/trpc";

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
      const { db, now } = ctx.deps;
      const decision = await hitLimit(ctx.deps, "signUp", ctx.clientAddress, now());
      if (!decision.allowed) throw rateLimitedError(decision, "Too many new accounts from this address");
      const account = await createAccount(
        db,
        {
          email: input.email,
          name: input.name,
          country: input.country ?? null,
          passwordHash: await hashPassword(input.password),
        },
        ctx.deps.now(),
      );
      return { id: account.id };
    }),

  /**
   * What the header's account menu shows: the name, and whether the author's
   * and the operator's links belong in it; and the plan, which decides whether
   * a plugin's page offers Install or the upgrade. The members' copies of the cached
   * pages (apps/web lib/cached-pages.ts) are the same for every account, so
   * the browser fills these in.
   */
  menu: accountProcedure
    .input(z.void())
    .output(z.object({ name: z.string(), author: z.boolean(), staff: z.boolean(), plan: planNameSchema }))
    .query(({ ctx }) => ({ name: ctx.caller.account.name, author: ctx.caller.account.author, staff: ctx.caller.account.staff, plan: ctx.caller.account.plan })),

  /** What the account page shows of the signed-in account: whether it has a password (GitHub/Google accounts may not). */
  settings: accountProcedure
    .input(z.void())
    .output(z.object({ hasPassword: z.boolean() }))
    .query(async ({ ctx }) => ({ hasPassword: await hasPassword(ctx.deps.db, ctx.caller.account.id) })),

  /** Name and country (the country decides prices, packages/plans). */
  updateProfile: accountProcedure
    .input(profileSchema)
    .output(z.object({ name: z.string(), country: z.string().nullable() }))
    .mutation(async ({ ctx, input }) => {
      const account = await updateProfile(ctx.deps, ctx.caller, input);
      return { name: account.name, country: account.country };
    }),

  /** Every website session of the account ends, this one too: the website signs the person in again with the new password. */
  changePassword: accountProcedure
    .input(changePasswordSchema)
    .output(z.void())
    .mutation(({ ctx, input }) => changePassword(ctx.deps, ctx.caller, input)),

  /** The same answer whether or not the email has an account. */
  requestPasswordReset: publicProcedure
    .input(passwordResetRequestSchema)
    .output(z.void())
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input, ctx.clientAddress)),

  resetPassword: publicProcedure
    .input(passwordResetSchema)
    .output(z.void())
    .mutation(({ ctx, input }) => resetPassword(ctx.deps, input)),

  deleteAccount: accountProcedure
    .input(deleteAccountSchema)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteAccount(ctx.deps, ctx.caller, input)),

  /** Whether "Forgot password?" can send email here, and whether the development outbox is the way. */
  mail: publicProcedure
    .input(z.void())
    .output(z.object({ available: z.boolean(), outbox: z.boolean() }))
    .query(({ ctx }) => ({ available: ctx.deps.mailer.available, outbox: ctx.deps.mailer.kind === "outbox" })),

  /**
   * The development outbox (/dev/outbox), for the service's operators only: it holds password-reset links, so anyone
   * else reading it could take over any account. 404 unless it is the mail transport.
   */
  outbox: staffProcedure
    .input(z.void())
    .output(z.array(z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() })))
    .query(({ ctx }) => {
      if (ctx.deps.mailer.kind !== "outbox") throw new AppError("not_found", "There is no development outbox on this server.");
      return listOutbox(ctx.deps.db);
    }),
} satisfies TRPCRouterRecord;
