import {
  adminAccountPageSchema,
  adminAccountSchema,
  adminAccountTotalsSchema,
  adminSearchQuerySchema,
  setAccountPlanInputSchema,
  setAccountStaffInputSchema,
  setAccountSuspendedInputSchema,
} from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { accountTotals, changeAccount, findAccounts } from "./operator-accounts";
import { staffProcedure } from "../shared/trpc";

/**
 * /admin/accounts: the same changes as the operator CLI's `account set-plan`,
 * `set-staff`, `suspend` and `unsuspend`, through the same service, made as
 * the signed-in operator (who cannot suspend themselves or drop their own staff).
 */
export const adminAccountsRouter = {
  find: staffProcedure
    .input(adminSearchQuerySchema)
    .output(adminAccountPageSchema)
    .query(({ ctx, input }) => findAccounts(ctx.deps.db, input)),
  totals: staffProcedure
    .input(z.void())
    .output(adminAccountTotalsSchema)
    .query(({ ctx }) => accountTotals(ctx.deps.db)),
  setPlan: staffProcedure
    .input(setAccountPlanInputSchema)
    .output(adminAccountSchema)
    // Its overlays' open browser sources lock or unlock at once: the database announces it (migration 0013).
    .mutation(({ ctx, input }) => changeAccount(ctx.deps.db, { id: input.id }, { plan: input.plan }, ctx.caller.account.id)),
  setStaff: staffProcedure
    .input(setAccountStaffInputSchema)
    .output(adminAccountSchema)
    .mutation(({ ctx, input }) => changeAccount(ctx.deps.db, { id: input.id }, { staff: input.staff }, ctx.caller.account.id)),
  setSuspended: staffProcedure
    .input(setAccountSuspendedInputSchema)
    .output(adminAccountSchema)
    .mutation(({ ctx, input }) => changeAccount(ctx.deps.db, { id: input.id }, { suspended: input.suspended }, ctx.caller.account.id)),
} satisfies TRPCRouterRecord;
