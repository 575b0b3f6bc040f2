import {
  AppError,
  deviceDecisionInputSchema,
  deviceDecisionSchema,
  deviceLookupInputSchema,
  devicePendingSchema,
  normalizeUserCode,
} from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import type { AccountCaller, Context } from "../shared/context";
import { hitLimit, refundLimit } from "../shared/limits/index";
import { rateLimitedError } from "../shared/limits/window";
import { accountProcedure } from "../shared/trpc";
import { findClient } from "./clients";
import { DeviceCodeRefusal, decideDeviceCode, openDeviceCode } from "./device-codes";

const tags = ["Connected apps"];
const websiteOnly = "Website only: the /device page. API keys and the desktop app get 403 forbidden.";

/**
 * Guessing limits of /device: every attempt is counted, per account and per
 * address, before the code is looked up (so concurrent guesses cannot pass
 * the limit), and given back when the code was a real one: only wrong codes
 * use the allowance. A typed text that cannot be a code is refused before
 * any of this.
 */
async function withGuessLimits<T>(ctx: Context, typed: string, work: (normalized: string) => Promise<T>): Promise<T> {
  const normalized = normalizeUserCode(typed);
  if (!normalized) throw new AppError("bad_request", "That is not a code: it is 8 letters, like BCDF-GHJK (the dash is optional).");
  const { deps } = ctx;
  const account = (ctx.caller as AccountCaller).account.id;
  const now = deps.now();
  const [byAccount, byAddress] = await Promise.all([
    hitLimit(deps, "deviceCodeAccount", account, now),
    hitLimit(deps, "deviceCodeAddress", ctx.clientAddress, now),
  ]);
  const refundBoth = () => Promise.all([refundLimit(deps, "deviceCodeAccount", account, now), refundLimit(deps, "deviceCodeAddress", ctx.clientAddress, now)]);
  const refused = [byAccount, byAddress].find((decision) => !decision.allowed);
  if (refused) {
    await refundBoth();
    throw rateLimitedError(refused, "Too many wrong codes");
  }
  try {
    const result = await work(normalized);
    await refundBoth();
    return result;
  } catch (error) {
    if (!(error instanceof DeviceCodeRefusal) || error.known) await refundBoth();
    throw error;
  }
}

/** The /device page's two steps: open a code (see what it asks), then Allow or Deny it. */
export const deviceRouter = {
  deviceLookup: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/device-codes/lookup",
        tags,
        summary: "Open a desktop app's device code",
        description: `${websiteOnly} The app, device label and scopes a pending user code asks for. Counts as one opening of the code (after 5 it is locked); a wrong code counts against the account's and the address's guessing limits (429 rate_limited past them).`,
      },
      rest: { auth: "key", websiteOnly: true, errors: ["bad_request", "not_found", "conflict", "rate_limited"] },
    })
    .input(deviceLookupInputSchema)
    .output(devicePendingSchema)
    .mutation(({ ctx, input }) => withGuessLimits(ctx, input.userCode, (code) => openDeviceCode(ctx.deps.db, code, ctx.deps.now()))),

  deviceDecide: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/device-codes/decision",
        tags,
        summary: "Allow or deny a desktop app's device code",
        description: `${websiteOnly} Allow signs the waiting app in to this account with the scopes it asked for; Deny tells it access_denied. The first answer is kept: an answered code is 409 conflict, an expired or unknown one 404 not_found.`,
      },
      rest: { auth: "key", websiteOnly: true, errors: ["bad_request", "not_found", "conflict", "rate_limited"] },
    })
    .input(deviceDecisionInputSchema)
    .output(deviceDecisionSchema)
    .mutation(({ ctx, input }) =>
      withGuessLimits(ctx, input.userCode, async (code) => {
        const row = await decideDeviceCode(ctx.deps.db, (ctx.caller as AccountCaller).account.id, code, input.decision, ctx.deps.now());
        return { decision: input.decision, appName: findClient(row.clientId)?.name ?? row.clientId, deviceLabel: row.deviceLabel };
      }),
    ),
} satisfies TRPCRouterRecord;
