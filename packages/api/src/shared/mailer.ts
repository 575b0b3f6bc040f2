import { type Db, outboxMessages } from "@streamkit/db";
import { createTransport } from "nodemailer";
import type { Env } from "./env";
import type { Logger } from "./logger";

/** One email of the service's (password resets), plain text. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Where the service's email goes: an SMTP server through nodemailer when
 * SMTP_URL is set, else the development outbox when MAIL_OUTBOX allows it —
 * kept in the database, shown at /dev/outbox to signed-in operators only, and
 * printed to the server's log for whoever runs it — else nowhere; then
 * features that need email say so (`available: false`).
 */
export interface Mailer {
  kind: "smtp" | "outbox" | "none";
  available: boolean;
  send(message: MailMessage): Promise<void>;
}

export function outboxEnabled(env: Env): boolean {
  return env.MAIL_OUTBOX ? env.MAIL_OUTBOX === "on" : !env.SMTP_URL && !env.DATABASE_URL;
}

export function createMailer(env: Env, db: Db, log?: Logger): Mailer {
  if (env.SMTP_URL) {
    const transport = createTransport(env.SMTP_URL);
    return {
      kind: "smtp",
      available: true,
      async send(message) {
        await transport.sendMail({ from: env.MAIL_FROM, to: message.to, subject: message.subject, text: message.text });
      },
    };
  }
  if (outboxEnabled(env)) {
    return {
      kind: "outbox",
      available: true,
      async send(message) {
        await db.insert(outboxMessages).values(message);
        // The person trying the site locally reads reset links here without being an operator; the log is theirs, not the visitors'.
        log?.info({ mail: message }, "development outbox: email kept, not sent (set SMTP_URL to send it)");
      },
    };
  }
  return {
    kind: "none",
    available: false,
    async send() {
      throw new Error("No mail transport: set SMTP_URL (or MAIL_OUTBOX=on for development).");
    },
  };
}
