import { type CliError, formatProblem } from "./errors";

/**
 * Where a command's words go. Human mode: results on stdout, failures on
 * stderr. JSON mode (--json): exactly one JSON object on stdout, for the
 * success or the failure, and nothing else on either stream.
 */
export class Output {
  constructor(
    readonly json: boolean,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly stderr: NodeJS.WritableStream = process.stderr,
  ) {}

  /** A line of the human-readable result (ignored with --json). */
  line(text = ""): void {
    if (!this.json) this.stdout.write(`${text}\n`);
  }

  /** A human-readable warning on stderr (ignored with --json). */
  warn(text: string): void {
    if (!this.json) this.stderr.write(`warning: ${text}\n`);
  }

  /** The one JSON object of the command (ignored without --json). */
  result(command: string, value: Record<string, unknown>): void {
    if (this.json) this.stdout.write(`${JSON.stringify({ ok: true, command, ...value })}\n`);
  }

  failure(command: string, error: CliError): void {
    if (this.json) {
      const body = {
        ok: false,
        command,
        exitCode: error.exitCode,
        error: { code: error.code, message: error.message, ...error.data },
        ...(error.problems ? { problems: error.problems } : {}),
      };
      this.stdout.write(`${JSON.stringify(body)}\n`);
      return;
    }
    const lines = [`error: ${error.message}`];
    for (const p of error.problems ?? []) lines.push(formatProblem(p));
    for (const hint of error.hints) lines.push(`hint: ${hint}`);
    this.stderr.write(`${lines.join("\n")}\n`);
  }
}
