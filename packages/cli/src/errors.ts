import type { ExitCode } from "./exit-codes";

export interface Problem {
  path: string;
  message: string;
}

/**
 * A failure the CLI explains: what went wrong (`message`), what to do
 * (`hints`), the exit code, and the machine-readable fields `--json` prints.
 * Commands throw it; main.ts prints it. Nothing in it may hold the API key.
 */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  /** Stable for scripts: an API error code (`version_exists`) or the CLI's own (`usage`, `network_error`, …). */
  readonly code: string;
  readonly hints: string[];
  readonly problems?: Problem[];
  /** Extra fields for --json (status, requestId, retryAfterSeconds, details, …). */
  readonly data: Record<string, unknown>;

  constructor(exitCode: ExitCode, code: string, message: string, opts: { hints?: string[]; problems?: Problem[]; data?: Record<string, unknown> } = {}) {
    super(message);
    this.name = "CliError";
    this.exitCode = exitCode;
    this.code = code;
    this.hints = opts.hints ?? [];
    this.problems = opts.problems;
    this.data = opts.data ?? {};
  }
}

export function formatProblem(problem: Problem): string {
  return problem.path === "" ? problem.message : `${problem.path}: ${problem.message}`;
}
