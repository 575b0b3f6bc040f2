import { parseArgs, type ParseArgsConfig } from "node:util";
import { CliError } from "./errors";
import { EXIT } from "./exit-codes";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Options every command accepts. */
export const COMMON_OPTIONS = {
  help: { type: "boolean", short: "h" },
  json: { type: "boolean" },
} as const satisfies Options;

export function usageError(message: string, command?: string): CliError {
  const help = command ? `streamkit-plugin ${command} --help` : "streamkit-plugin --help";
  return new CliError(EXIT.usage, "usage", message, { hints: [`see ${help}`] });
}

/**
 * node:util parseArgs, strict, with its errors turned into usage errors that
 * name the command, and a ceiling on positional arguments.
 */
export function parseCommandArgs<O extends Options>(command: string, argv: string[], options: O, positionals: { max: number }) {
  const parse = () => {
    try {
      return parseArgs({ args: argv, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true, strict: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // parseArgs messages end with advice for programmers ("To specify a positional argument…"); keep the first sentence.
      throw usageError(message.split(/\. (?=To specify)/)[0]!.replace(/\.$/, ""), command);
    }
  };
  const parsed = parse();
  if (parsed.positionals.length > positionals.max) {
    const extra = parsed.positionals
      .slice(positionals.max)
      .map((p) => JSON.stringify(p))
      .join(", ");
    throw usageError(`unexpected argument${parsed.positionals.length - positionals.max > 1 ? "s" : ""} ${extra}`, command);
  }
  return parsed;
}

/** Whether --json was asked for, read before parsing so even a usage error can be reported as JSON. */
export function wantsJson(argv: string[]): boolean {
  return argv.includes("--json");
}
