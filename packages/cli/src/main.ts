/**
 * streamkit-plugin: the author's command line. runCli parses the command,
 * runs it, prints the result or the failure, and returns the exit code;
 * bin/streamkit-plugin.js calls it (from dist/ when installed from npm, from
 * this source through tsx in the repository).
 */
import packageJson from "../package.json" with { type: "json" };
import { usageError, wantsJson } from "./args";
import { downloadHelp, runDownload } from "./commands/download";
import { initHelp, runInit } from "./commands/init";
import { publishHelp, runPublish } from "./commands/publish";
import { runValidate, validateHelp } from "./commands/validate";
import { API_KEY_ENV, API_URL_ENV, DEFAULT_API_URL } from "./config";
import { CliError } from "./errors";
import { EXIT, EXIT_CODE_HELP } from "./exit-codes";
import { Output } from "./output";

const commands = {
  init: { run: runInit, help: initHelp, summary: "create a plugin folder with plugin.json and main.lua" },
  validate: { run: runValidate, help: validateHelp, summary: "check a plugin folder with the server's publish rules" },
  publish: { run: runPublish, help: publishHelp, summary: "check, then upload a new version" },
  download: { run: runDownload, help: downloadHelp, summary: "fetch the latest version of a plugin into a folder" },
} as const;
type CommandName = keyof typeof commands;

export const mainHelp = `streamkit-plugin ${packageJson.version}: create, check and publish Streamkit plugins

Usage: streamkit-plugin <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(9)} ${c.summary}`)
  .join("\n")}

Run streamkit-plugin <command> --help for its options. Every command takes
--json to print one JSON object (for scripts and CI) instead of text.

Environment:
  ${API_KEY_ENV}  API key for publish (plugins:write) and download (plugins:read)
  ${API_URL_ENV}  The site's address (default ${DEFAULT_API_URL})

${EXIT_CODE_HELP}`;

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(commands, name);
}

export async function runCli(argv: string[], stdout: NodeJS.WritableStream = process.stdout, stderr: NodeJS.WritableStream = process.stderr): Promise<number> {
  const [first, ...rest] = argv;
  const out = new Output(wantsJson(argv), stdout, stderr);
  const command = first !== undefined && isCommand(first) ? first : undefined;
  try {
    if (first === undefined || first === "--help" || first === "-h") {
      stdout.write(`${mainHelp}\n`);
      return first === undefined ? EXIT.usage : EXIT.ok;
    }
    if (first === "--version" || first === "-v") {
      stdout.write(`${packageJson.version}\n`);
      return EXIT.ok;
    }
    if (first === "help") {
      const topic = rest[0];
      stdout.write(`${topic !== undefined && isCommand(topic) ? commands[topic].help : mainHelp}\n`);
      return EXIT.ok;
    }
    if (!command) throw usageError(`unknown command ${JSON.stringify(first)}: use one of ${Object.keys(commands).join(", ")}`);
    if (rest.includes("--help") || rest.includes("-h")) {
      stdout.write(`${commands[command].help}\n`);
      return EXIT.ok;
    }
    await commands[command].run(rest, out);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CliError) {
      out.failure(command ?? "streamkit-plugin", error);
      return error.exitCode;
    }
    const internal = new CliError(
      EXIT.internal,
      "internal",
      `unexpected failure in streamkit-plugin: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      {
        hints: ["please report this with the command you ran"],
      },
    );
    out.failure(command ?? "streamkit-plugin", internal);
    return EXIT.internal;
  }
}
