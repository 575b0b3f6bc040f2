import { apiKeyLimits, apiKeyListSchema, apiKeySchema, createApiKeyInputSchema, createdApiKeySchema } from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys";
import { credentialUsesWritten } from "./principal";
import { accountProcedure } from "../shared/trpc";

const websiteOnly = "Website only: manage keys on the website, signed in. API keys get 403 forbidden.";

/** API key management: website only (an API key never manages keys). */
export const keysRouter = {
  list: accountProcedure
    .meta({
      openapi: { method: "GET", path: "/keys", tags: ["API keys"], summary: "List the account's API keys", description: websiteOnly },
      rest: { auth: "key", websiteOnly: true },
    })
    .input(z.void())
    .output(apiKeyListSchema)
    .query(async ({ ctx }) => {
      // This process's uses being written land first: a key used a moment ago does not show "never used" here.
      await credentialUsesWritten(ctx.deps);
      return { items: await listApiKeys(ctx.deps.db, ctx.caller.account.id, ctx.deps.now()) };
    }),

  create: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/keys",
        tags: ["API keys"],
        summary: "Create an API key",
        description: `${websiteOnly} The key is in the answer once; only its SHA-256 is kept. At most ${apiKeyLimits.maxKeysPerAccount} unrevoked keys per account (403 limit_reached).`,
      },
      rest: { auth: "key", websiteOnly: true, successStatus: 201, errors: ["limit_reached"] },
    })
    .input(createApiKeyInputSchema)
    .output(createdApiKeySchema)
    .mutation(({ ctx, input }) =>
      createApiKey(
        ctx.deps.db,
        ctx.caller.account.id,
        { name: input.name, scopes: input.scopes, expiresAt: input.expiresAt ? new Date(input.expiresAt) : null },
        ctx.deps.now(),
        apiKeyLimits.maxKeysPerAccount,
      ),
    ),

  revoke: accountProcedure
    .meta({
      openapi: { method: "DELETE", path: "/keys/{id}", tags: ["API keys"], summary: "Revoke an API key", description: `${websiteOnly} Revoking is final.` },
      rest: { auth: "key", websiteOnly: true, errors: ["not_found"] },
    })
    .input(z.object({ id: z.string() }))
    .output(z.object({ item: apiKeySchema }))
    .mutation(async ({ ctx, input }) => ({ item: await revokeApiKey(ctx.deps.db, ctx.caller.account.id, input.id, ctx.deps.now()) })),
} satisfies TRPCRouterRecord;
