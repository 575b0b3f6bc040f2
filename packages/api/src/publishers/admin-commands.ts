/**
 * The operator CLI's publisher commands (docs/operations.md#verified-publishers):
 * grant and revoke verification with a note, list who is verified and the
 * latest changes, and recheck verified domains (run it from cron: a domain
 * whose record or file is gone loses its verification).
 */
import { AppError, grantInputSchema, publisherLimits } from "@streamkit/api-contract";
import type { AppDeps } from "../shared/deps";
import { findPublisher, verificationOverview } from "./operator";
import { grantVerification, recheckDomains, revokeVerification } from "./verification";

type Flags = Record<string, string | boolean | undefined>;
const usage = (message: string) => new AppError("bad_request", message);

/** The shape of admin/commands.ts's table entries. */
interface PublisherCommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean" }>;
  required?: string[];
  run(deps: AppDeps, flags: Flags): Promise<Record<string, unknown>>;
}

function grantFlags(flags: Flags) {
  const parsed = grantInputSchema.safeParse({ publisher: flags.publisher, note: flags.note });
  if (!parsed.success) throw usage(`--publisher takes a handle or an email address, --note 1 to ${publisherLimits.maxNoteLength} characters saying why.`);
  return parsed.data;
}

const cli = { actorId: null, via: "cli" } as const;

export const publisherCommands: Record<string, PublisherCommand> = {
  "publisher grant": {
    usage: "publisher grant --publisher HANDLE|EMAIL --note TEXT",
    options: { publisher: { type: "string" }, note: { type: "string" } },
    required: ["publisher", "note"],
    async run(deps, flags) {
      const input = grantFlags(flags);
      const publisher = await findPublisher(deps.db, input.publisher);
      await grantVerification(deps, publisher.accountId, input.note, cli);
      return { handle: publisher.handle, name: publisher.name, verified: true };
    },
  },
  "publisher revoke": {
    usage: "publisher revoke --publisher HANDLE|EMAIL --note TEXT",
    options: { publisher: { type: "string" }, note: { type: "string" } },
    required: ["publisher", "note"],
    async run(deps, flags) {
      const input = grantFlags(flags);
      const publisher = await findPublisher(deps.db, input.publisher);
      const verified = await revokeVerification(deps, publisher.accountId, input.note, cli);
      return { handle: publisher.handle, name: publisher.name, verified };
    },
  },
  "publisher list": {
    usage: "publisher list",
    options: {},
    run: (deps) => verificationOverview(deps.db),
  },
  "publisher recheck": {
    usage: `publisher recheck [--older-than-days N (default ${publisherLimits.recheckAfterDays})] [--limit N (default 100)]`,
    options: { "older-than-days": { type: "string" }, limit: { type: "string" } },
    async run(deps, flags) {
      const days = flags["older-than-days"] === undefined ? publisherLimits.recheckAfterDays : Number(flags["older-than-days"]);
      const limit = flags.limit === undefined ? 100 : Number(flags.limit);
      if (!(Number.isInteger(days) && days >= 0 && days <= 3650)) throw usage("--older-than-days must be a whole number of days from 0 to 3650.");
      if (!(Number.isInteger(limit) && limit >= 1 && limit <= 10_000)) throw usage("--limit must be a whole number from 1 to 10000.");
      const checked = await recheckDomains(deps, new Date(deps.now().getTime() - days * 86_400_000), limit);
      return { checked, revoked: checked.filter((c) => c.status !== "verified").length };
    },
  },
};
