/**
 * The operator's commands. One table: each command parses its flags with
 * node:util's parseArgs, runs against the database and returns one JSON
 * object. The CLI runs them locally or through a running server's admin
 * channel; the same code either way.
 */
import { parseArgs } from "node:util";
import { type Scope, scopes } from "@streamkit/api-contract";
import { type PlanName, planNames } from "@streamkit/plans";
import { hashPassword } from "../accounts";
import type { AppDeps } from "../shared/deps";
import { AppError } from "@streamkit/api-contract";
import { createAccount, findAccountByEmail } from "../accounts";
import { createApiKey, revokeApiKey } from "../accounts";
import { changeAccount } from "../accounts";
import { moderationCommands, reviewCommands, reviewPriceRequest, reviewReportCommands, signingKeyCommands } from "../plugins";
import { changeRelease, listMinimums, listReleases, publishRelease, setMinimum, withdrawRelease } from "../updater";
import { soundCommands } from "../sounds";
import { refundPurchase, runPayouts } from "@streamkit/billing";
import { subscriptionCommands } from "../billing";
import { publisherCommands } from "../publishers";

type Flags = Record<string, string | boolean | undefined>;

interface Command {
  usage: string;
  options: Record<string, { type: "string" | "boolean" }>;
  required?: string[];
  run(deps: AppDeps, flags: Flags): Promise<Record<string, unknown>>;
}

const plan = (value: unknown): PlanName => {
  if (!planNames.includes(value as PlanName)) throw usage(`--plan must be one of ${planNames.join(", ")}.`);
  return value as PlanName;
};

const email = (value: unknown): string => {
  const text = String(value ?? "").trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) throw usage(`--email must be an email address, not "${text}".`);
  return text;
};

export const commands: Record<string, Command> = {
  "account create": {
    usage: "account create --email E [--plan free|pro|ultimate] [--name N] [--staff] [--country CC] [--password P]",
    options: {
      email: { type: "string" },
      plan: { type: "string" },
      name: { type: "string" },
      staff: { type: "boolean" },
      country: { type: "string" },
      password: { type: "string" },
    },
    required: ["email"],
    async run(deps, flags) {
      if (flags.country !== undefined && !/^[A-Za-z]{2}$/.test(String(flags.country))) throw usage("--country must be a two-letter ISO 3166 code.");
      const account = await createAccount(
        deps.db,
        {
          email: email(flags.email),
          plan: flags.plan === undefined ? "free" : plan(flags.plan),
          name: flags.name as string | undefined,
          staff: flags.staff === true,
          country: (flags.country as string | undefined) ?? null,
          passwordHash: flags.password ? await hashPassword(String(flags.password)) : null,
        },
        deps.now(),
      );
      return { id: account.id, email: account.email, plan: account.plan };
    },
  },
  "account set-plan": {
    usage: "account set-plan --email E --plan free|pro|ultimate",
    options: { email: { type: "string" }, plan: { type: "string" } },
    required: ["email", "plan"],
    async run(deps, flags) {
      const account = await changeAccount(deps.db, { email: email(flags.email) }, { plan: plan(flags.plan) }, null);
      return { id: account.id, email: account.email, plan: account.plan };
    },
  },
  "account set-staff": {
    usage: "account set-staff --email E [--off]",
    options: { email: { type: "string" }, off: { type: "boolean" } },
    required: ["email"],
    async run(deps, flags) {
      const account = await changeAccount(deps.db, { email: email(flags.email) }, { staff: flags.off !== true }, null);
      return { id: account.id, email: account.email, staff: account.staff };
    },
  },
  "account suspend": {
    usage: "account suspend --email E",
    options: { email: { type: "string" } },
    required: ["email"],
    async run(deps, flags) {
      const account = await changeAccount(deps.db, { email: email(flags.email) }, { suspended: true }, null);
      return { id: account.id, email: account.email, suspended: account.suspended };
    },
  },
  "account unsuspend": {
    usage: "account unsuspend --email E",
    options: { email: { type: "string" } },
    required: ["email"],
    async run(deps, flags) {
      const account = await changeAccount(deps.db, { email: email(flags.email) }, { suspended: false }, null);
      return { id: account.id, email: account.email, suspended: account.suspended };
    },
  },
  "key create": {
    usage: "key create --email E --scopes s1,s2,… [--expires-at ISO8601] [--name N]",
    options: { email: { type: "string" }, scopes: { type: "string" }, "expires-at": { type: "string" }, name: { type: "string" } },
    required: ["email", "scopes"],
    async run(deps, flags) {
      const list = String(flags.scopes)
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = list.filter((s) => !scopes.includes(s as Scope));
      if (list.length === 0 || unknown.length > 0) {
        throw usage(`--scopes takes a comma-separated list of ${scopes.join(", ")}${unknown.length ? `; unknown: ${unknown.join(", ")}` : ""}.`);
      }
      let expiresAt: Date | null = null;
      if (flags["expires-at"] !== undefined) {
        expiresAt = new Date(String(flags["expires-at"]));
        if (Number.isNaN(expiresAt.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(String(flags["expires-at"]))) {
          throw usage("--expires-at must be an ISO 8601 date or time, e.g. 2027-01-31T00:00:00Z.");
        }
      }
      const account = await findAccountByEmail(deps.db, email(flags.email), deps.now());
      if (!account) throw new AppError("not_found", `No account with the email ${String(flags.email)}.`);
      const created = await createApiKey(
        deps.db,
        account.id,
        { name: (flags.name as string | undefined) ?? "Created by the operator", scopes: [...new Set(list)] as Scope[], expiresAt },
        deps.now(),
        Number.MAX_SAFE_INTEGER,
      );
      return { id: created.item.id, key: created.key, scopes: created.item.scopes };
    },
  },
  "price-request approve": {
    usage: "price-request approve --slug S",
    options: { slug: { type: "string" } },
    required: ["slug"],
    run: (deps, flags) => reviewPriceRequest(deps, { slug: String(flags.slug), decision: "approve" }),
  },
  "price-request reject": {
    usage: "price-request reject --slug S [--note TEXT]",
    options: { slug: { type: "string" }, note: { type: "string" } },
    required: ["slug"],
    run: (deps, flags) => reviewPriceRequest(deps, { slug: String(flags.slug), decision: "reject", note: (flags.note as string | undefined) ?? null }),
  },
  "purchase refund": {
    usage: "purchase refund --id ID",
    options: { id: { type: "string" } },
    required: ["id"],
    async run(deps, flags) {
      const refunded = await refundPurchase(deps, String(flags.id), "operator");
      return { id: refunded.id, status: refunded.status, currency: refunded.currency, amount: refunded.amount, refundedAt: refunded.refundedAt };
    },
  },
  "payout run": {
    usage: "payout run [--method bank_transfer|upi|paypal|wise] [--reference R]",
    options: { method: { type: "string" }, reference: { type: "string" } },
    async run(deps, flags) {
      const payouts = await runPayouts(deps, { method: flags.method as string | undefined, reference: flags.reference as string | undefined });
      return { payouts };
    },
  },
  "release publish": {
    usage:
      "release publish --version V --target linux|windows|darwin --arch x86_64|aarch64|i686|armv7 --url URL --signature SIG [--notes TEXT] [--pub-date RFC3339] [--rollout 0-100] [--channel stable|beta]",
    options: {
      version: { type: "string" },
      target: { type: "string" },
      arch: { type: "string" },
      url: { type: "string" },
      signature: { type: "string" },
      notes: { type: "string" },
      "pub-date": { type: "string" },
      rollout: { type: "string" },
      channel: { type: "string" },
    },
    required: ["version", "target", "arch", "url", "signature"],
    async run(deps, flags) {
      const release = await publishRelease(deps.db, {
        version: String(flags.version),
        target: String(flags.target) as never,
        arch: String(flags.arch) as never,
        url: String(flags.url),
        signature: String(flags.signature),
        notes: flags.notes === undefined ? undefined : String(flags.notes),
        pubDate: flags["pub-date"] === undefined ? undefined : String(flags["pub-date"]),
        rollout: percentage(flags.rollout),
        channel: flags.channel === undefined ? undefined : (String(flags.channel) as never),
      });
      return { release };
    },
  },
  "release list": {
    usage: "release list",
    options: {},
    async run(deps) {
      const [releases, minimums] = await Promise.all([listReleases(deps.db), listMinimums(deps.db)]);
      return { releases, minimums };
    },
  },
  "release change": {
    usage: "release change --version V [--target T --arch A] [--channel stable|beta] [--rollout 0-100] [--revision N]",
    options: {
      version: { type: "string" },
      target: { type: "string" },
      arch: { type: "string" },
      channel: { type: "string" },
      rollout: { type: "string" },
      revision: { type: "string" },
    },
    required: ["version"],
    async run(deps, flags) {
      const revision = flags.revision === undefined ? undefined : Number(flags.revision);
      if (revision !== undefined && !(Number.isInteger(revision) && revision >= 1))
        throw usage("--revision must be the release's revision, a whole number from 1.");
      const changed = await changeRelease(
        deps.db,
        {
          version: String(flags.version),
          target: flags.target as never,
          arch: flags.arch as never,
          channel: flags.channel as never,
          rollout: percentage(flags.rollout),
          revision,
        },
        null,
        deps.now(),
      );
      return { changed };
    },
  },
  "release withdraw": {
    usage: "release withdraw --version V [--target T --arch A] [--rollback]",
    options: { version: { type: "string" }, target: { type: "string" }, arch: { type: "string" }, rollback: { type: "boolean" } },
    required: ["version"],
    async run(deps, flags) {
      if ((flags.target === undefined) !== (flags.arch === undefined)) throw usage("Give both --target and --arch, or neither (every platform).");
      const withdrawn = await withdrawRelease(
        deps.db,
        { version: String(flags.version), target: flags.target as never, arch: flags.arch as never, rollback: flags.rollback === true },
        deps.now(),
      );
      return { withdrawn };
    },
  },
  "release minimum": {
    usage: "release minimum --target T --arch A [--channel stable|beta] (--version V | --clear)",
    options: { target: { type: "string" }, arch: { type: "string" }, channel: { type: "string" }, version: { type: "string" }, clear: { type: "boolean" } },
    required: ["target", "arch"],
    async run(deps, flags) {
      if ((flags.version === undefined) === (flags.clear !== true)) throw usage("Give --version V to set the minimum, or --clear to remove it.");
      const minimum = await setMinimum(
        deps.db,
        {
          target: String(flags.target) as never,
          arch: String(flags.arch) as never,
          channel: flags.channel as never,
          version: flags.clear === true ? null : String(flags.version),
        },
        null,
        deps.now(),
      );
      return { minimum };
    },
  },
  "key revoke": {
    usage: "key revoke --id ID",
    options: { id: { type: "string" } },
    required: ["id"],
    async run(deps, flags) {
      const key = await revokeApiKey(deps.db, null, String(flags.id), deps.now());
      return { id: key.id, status: key.status };
    },
  },
  ...soundCommands,
  ...moderationCommands,
  ...signingKeyCommands,
  ...subscriptionCommands,
  ...publisherCommands,
  ...reviewCommands,
  ...reviewReportCommands,
};

/** A --rollout flag: a whole percentage from 0 to 100, or undefined when not given. */
function percentage(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const rollout = Number(value);
  if (!(/^\d{1,3}$/.test(String(value)) && rollout <= 100)) throw usage("--rollout must be a whole percentage from 0 to 100.");
  return rollout;
}

function usage(message: string): AppError {
  return new AppError("bad_request", message);
}

export function usageText(): string {
  return ["Usage: npm run -s admin -- <command> [flags]", "", "Commands:", ...Object.values(commands).map((c) => `  ${c.usage}`)].join("\n");
}

/** Parses and runs one command line; every failure is an AppError with a stable code. */
export async function runAdminCommand(deps: AppDeps, argv: string[]): Promise<Record<string, unknown>> {
  const name = argv.slice(0, 2).join(" ");
  const command = commands[name];
  // One line each: the message travels in a JSON error, where a listing's line breaks would read as "\n".
  if (!command) throw usage(`Unknown command "${argv.join(" ")}"; npm run -s admin -- --help lists the commands.`);
  let flags: Flags;
  try {
    flags = parseArgs({ args: argv.slice(2), options: command.options, strict: true, allowPositionals: false }).values as Flags;
  } catch (error) {
    throw usage(`${(error as Error).message} Usage: ${command.usage}`);
  }
  const missing = (command.required ?? []).filter((flag) => flags[flag] === undefined || flags[flag] === "");
  if (missing.length) throw usage(`Missing ${missing.map((m) => `--${m}`).join(", ")}. Usage: ${command.usage}`);
  return command.run(deps, flags);
}
