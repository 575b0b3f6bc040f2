import { authorizationAnswerSchema, authorizationDecisionSchema, connectedAppListSchema } from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { AppError } from "@streamkit/api-contract";
import { answerLocation, readAuthorizationRequest } from "./authorization-request";
import { deviceRouter } from "./device-router";
import { issueCode } from "./oauth-codes";
import { listConnectedApps, revokeConnectedApp } from "./oauth-grants";
import { accountProcedure } from "../shared/trpc";
import { credentialUsesWritten } from "../accounts/index";

const tags = ["Connected apps"];
const websiteOnly = "Website only: the account page lists and ends desktop sign-ins. API keys and the desktop app get 403 forbidden.";

/** The desktop app's sign-in as the website sees it: the consent page's answer, and the account's connected apps. */
export const oauthRouter = {
  ...deviceRouter,
  /**
   * Allow or Deny on the consent page (not part of /api/v1): the request is
   * read again from its query, so what the page showed and what is granted
   * cannot differ; Allow issues a code bound to the client, the challenge and
   * the exact redirect_uri. A request the app cannot be told about is 400
   * bad_request, shown on the site.
   */
  authorize: accountProcedure
    .meta({ rest: { websiteOnly: true } })
    .input(authorizationDecisionSchema)
    .output(authorizationAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      const query: Record<string, string | string[]> = {};
      for (const [name, value] of input.query) {
        const before = query[name];
        query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
      }
      const issuer = ctx.deps.env.PUBLIC_URL;
      const outcome = readAuthorizationRequest(query, issuer);
      if (outcome.kind === "refused") throw new AppError("bad_request", outcome.message);
      if (outcome.kind === "redirect") return { location: outcome.location };
      const { request } = outcome;
      if (input.decision === "deny")
        return {
          location: answerLocation(request.client, request.redirectUri, {
            error: "access_denied",
            error_description: "The person declined the sign-in.",
            state: request.state,
            iss: issuer,
          }),
        };
      const code = await issueCode(ctx.deps.db, ctx.caller.account.id, request, ctx.deps.now());
      return { location: answerLocation(request.client, request.redirectUri, { code, state: request.state, iss: issuer }) };
    }),

  connectedApps: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/connected-apps",
        tags,
        summary: "The account's desktop sign-ins",
        description: `${websiteOnly} Newest first; ended sign-ins are not listed.`,
      },
      rest: { auth: "key", websiteOnly: true },
    })
    .input(z.void())
    .output(connectedAppListSchema)
    .query(async ({ ctx }) => {
      // A sign-in just used on this process shows that use (its write is not awaited by the request that used it).
      await credentialUsesWritten(ctx.deps);
      return { items: await listConnectedApps(ctx.deps.db, ctx.caller.account.id) };
    }),

  revokeConnectedApp: accountProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/connected-apps/{id}",
        tags,
        summary: "End a desktop sign-in",
        description: `${websiteOnly} Every token of that sign-in stops working on its next request. Another account's, an unknown or an already ended one: 404 not_found.`,
      },
      rest: { auth: "key", websiteOnly: true, successStatus: 204, errors: ["not_found"] },
    })
    .input(z.object({ id: z.uuid("Not a connected app id.") }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await revokeConnectedApp(ctx.deps.db, ctx.caller.account.id, input.id, ctx.deps.now());
    }),
} satisfies TRPCRouterRecord;
