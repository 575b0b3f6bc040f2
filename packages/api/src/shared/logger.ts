import pino from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs on stdout. Secrets never reach it: callers log ids, not keys or bodies. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ["authorization", "*.authorization", "headers.authorization", "headers.cookie"], remove: true },
    },
    destination,
  );
}
