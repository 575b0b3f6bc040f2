import {
  domainCheckLimits,
  domainInputSchema,
  handleSchema,
  publisherDomainSchema,
  publisherLimits,
  publisherPageQuerySchema,
  publisherPageSchema,
  publisherSettingsSchema,
  rateLimits,
  VERIFY_FILE_PATH,
  VERIFY_TXT_LABEL,
  windowName,
} from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { accountProcedure, publicProcedure } from "../shared/trpc";
import { changeHandle } from "./handles";
import { readPublisher } from "./profile";
import { publisherSettings } from "./settings";
import { addDomain, checkOwnDomain, removeDomain } from "./verification";

const websiteOnly = "Website only (the account's publisher settings); API keys get 403 forbidden.";
const domainPath = z.object({ domain: z.string().max(publisherLimits.maxDomainLength + 6) });

export const publishersRouter = {
  get: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/publishers/{handle}",
        tags: ["Publishers"],
        summary: "A publisher: name, verification, member since, and its plugins",
        description:
          "No key needed (like GET /plugins). `publisher.verification` says what was verified: the domains the publisher proved it controls and whether the service's operators verified it. `items` are its published plugins in the marketplace's order, a keyset page at a time (pass `next` back as `cursor`). A former handle answers with the current one in `publisher.handle`. Unknown handle: 404 not_found.",
      },
      rest: { auth: "optional", errors: ["not_found"] },
    })
    .input(publisherPageQuerySchema)
    .output(publisherPageSchema)
    .query(({ ctx, input }) => readPublisher(ctx.deps.db, ctx.caller, input, ctx.deps.env.PUBLIC_URL)),

  settings: accountProcedure
    .meta({
      openapi: { method: "GET", path: "/publisher", tags: ["Publishers"], summary: "Your handle, verification and domains", description: websiteOnly },
      rest: { auth: "key", websiteOnly: true },
    })
    .input(z.void())
    .output(publisherSettingsSchema)
    .query(({ ctx }) => publisherSettings(ctx.deps.db, ctx.caller, ctx.deps.now())),

  changeHandle: accountProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/publisher/handle",
        tags: ["Publishers"],
        summary: "Choose your handle",
        description: `${websiteOnly} Once per ${publisherLimits.handleChangeDays} days (409 conflict with details.changeableAt before then). Your former handles keep leading to your page and stay yours; another publisher's current or former handle is 409 conflict. Reserved words (the service's name, admin, support, …) are 400 validation_error.`,
      },
      rest: { auth: "key", websiteOnly: true, errors: ["conflict"] },
    })
    .input(z.object({ handle: handleSchema }))
    .output(publisherSettingsSchema)
    .mutation(async ({ ctx, input }) => {
      await changeHandle(ctx.deps, ctx.caller, input.handle);
      return publisherSettings(ctx.deps.db, ctx.caller, ctx.deps.now());
    }),

  addDomain: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/publisher/domains",
        tags: ["Publishers"],
        summary: "Add a domain to verify",
        description: `${websiteOnly} Answers the value to publish: as a TXT record at \`${VERIFY_TXT_LABEL}.<domain>\`, or as a line of \`https://<domain>${VERIFY_FILE_PATH}\`. At most ${publisherLimits.maxDomainsPerAccount} domains (403 limit_reached). Adding a domain again answers the same claim.`,
      },
      rest: { auth: "key", websiteOnly: true, successStatus: 201, errors: ["limit_reached"] },
    })
    .input(domainInputSchema)
    .output(z.object({ item: publisherDomainSchema }))
    .mutation(async ({ ctx, input }) => ({ item: await addDomain(ctx.deps, ctx.caller.account.id, input.domain) })),

  checkDomain: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/publisher/domains/{domain}/check",
        tags: ["Publishers"],
        summary: "Check a domain now",
        description: `${websiteOnly} Looks for the value in DNS, then in the well-known file (https only, at most ${domainCheckLimits.maxFileBytes} bytes, redirects followed on the same host only, public addresses only, ${domainCheckLimits.timeoutMs / 1000} s in all). The outcome is in the answer: \`status\` verified, or failed with \`problem\`. A failed check of a verified domain revokes it. At most ${rateLimits.domainChecks.limit} checks per ${windowName(rateLimits.domainChecks.windowSeconds)} (429 rate_limited). A domain another publisher verified first: 409 conflict.`,
      },
      rest: { auth: "key", websiteOnly: true, errors: ["not_found", "conflict"] },
    })
    .input(domainPath)
    .output(z.object({ item: publisherDomainSchema }))
    .mutation(async ({ ctx, input }) => ({ item: await checkOwnDomain(ctx.deps, ctx.caller.account.id, input.domain) })),

  removeDomain: accountProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/publisher/domains/{domain}",
        tags: ["Publishers"],
        summary: "Remove a domain",
        description: `${websiteOnly} A verified domain stops counting at once.`,
      },
      rest: { auth: "key", websiteOnly: true, successStatus: 204, errors: ["not_found"] },
    })
    .input(domainPath)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await removeDomain(ctx.deps, ctx.caller.account.id, input.domain);
    }),
} satisfies TRPCRouterRecord;
