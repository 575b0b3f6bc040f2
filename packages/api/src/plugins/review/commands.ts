/** The operator CLI's review commands (docs/operations.md#plugin-review): the same operations as /admin/reviews. */
import { AppError, reviewDecisionSchema } from "@streamkit/api-contract";
import type { AppDeps } from "../../shared/deps";
import { decidedVersions, decideVersion, heldVersions } from "./queue";

type Flags = Record<string, string | boolean | undefined>;

/** The shape of admin/commands.ts's table entries. */
interface ReviewCommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean" }>;
  required?: string[];
  run(deps: AppDeps, flags: Flags): Promise<Record<string, unknown>>;
}

function decision(flags: Flags, which: "approve" | "reject") {
  const parsed = reviewDecisionSchema.safeParse({ slug: flags.slug, version: flags.version, decision: which, note: flags.note ?? null });
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues.map((i) => `--${String(i.path[0])}: ${i.message}`).join("; "));
  return parsed.data;
}

export const reviewCommands: Record<string, ReviewCommand> = {
  "review list": {
    usage: "review list [--decided]",
    options: { decided: { type: "boolean" } },
    async run(deps, flags) {
      return flags.decided === true ? { decided: await decidedVersions(deps.db) } : { held: await heldVersions(deps.db) };
    },
  },
  "review approve": {
    usage: "review approve --slug S --version V",
    options: { slug: { type: "string" }, version: { type: "string" } },
    required: ["slug", "version"],
    run: async (deps, flags) => decideVersion(deps, decision(flags, "approve")),
  },
  "review reject": {
    usage: "review reject --slug S --version V --note TEXT",
    options: { slug: { type: "string" }, version: { type: "string" }, note: { type: "string" } },
    required: ["slug", "version", "note"],
    run: async (deps, flags) => decideVersion(deps, decision(flags, "reject")),
  },
};
