import { meResponseSchema } from "@streamkit/api-contract";
import { plans } from "@streamkit/plans";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { accountProcedure } from "../shared/trpc";
import { requestLimitOf } from "../shared/limits/index";

export const meRouter = {
  get: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/me",
        tags: ["Account"],
        summary: "The calling account, its plan and the key in use",
        description:
          "Any valid key, whatever its scopes. `plan.entitlements.apiRequestsPerMinute` is the caller's request limit, the one `X-RateLimit-Limit` states (the plan's for an API key, the desktop app's own for its token); a plan change applies at once on the process that made it and within one second everywhere.",
      },
      rest: { auth: "key" },
    })
    .input(z.void())
    .output(meResponseSchema)
    .query(({ ctx }) => {
      const { account, key } = ctx.caller;
      return {
        account: { id: account.id, name: account.name },
        // The limit this caller is counted with, so the field and X-RateLimit-Limit cannot disagree.
        plan: { name: account.plan, entitlements: { ...plans[account.plan].entitlements, apiRequestsPerMinute: requestLimitOf(ctx.caller, ctx.deps.env) } },
        ...(key ? { key: { id: key.id, prefix: key.prefix, scopes: key.scopes, expiresAt: key.expiresAt?.toISOString() ?? null } } : {}),
      };
    }),
} satisfies TRPCRouterRecord;
