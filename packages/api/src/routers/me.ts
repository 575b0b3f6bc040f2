import { meResponseSchema } from "@streamkit/api-contract";
import { plans } from "@streamkit/plans";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { accountProcedure } from "../trpc";

export const meRouter = {
  get: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/me",
        tags: ["Account"],
        summary: "The calling account, its plan and the key in use",
        description:
          "Any valid key, whatever its scopes. `plan.entitlements.apiRequestsPerMinute` is the account's request limit; the plan is read on every request, so a change applies at once.",
      },
      rest: { auth: "key" },
    })
    .input(z.void())
    .output(meResponseSchema)
    .query(({ ctx }) => {
      const { account, key } = ctx.caller;
      return {
        account: { id: account.id, name: account.name },
        plan: { name: account.plan, entitlements: plans[account.plan].entitlements },
        ...(key ? { key: { id: key.id, prefix: key.prefix, scopes: key.scopes, expiresAt: key.expiresAt?.toISOString() ?? null } } : {}),
      };
    }),
} satisfies TRPCRouterRecord;
