import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { formatDate } from "@/components/format";
import { Markdown } from "@/components/markdown/markdown";
import { api } from "@/lib/server/api";
import { domainError } from "@/lib/server/errors";

export const metadata: Metadata = { title: "Development outbox", robots: { index: false } };

/**
 * The development outbox: the email this server would have sent (password
 * resets), when it has no SMTP server (README: Account basics). A 404 when
 * email goes out through SMTP or nowhere.
 */
export default async function OutboxPage() {
  const messages = await (await api()).accounts.outbox().catch((error: unknown) => {
    if (domainError(error, "query")?.code === "not_found") notFound();
    throw error;
  });
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Development outbox</h1>
          <p>
            This server has no SMTP server (<code>SMTP_URL</code>), so the email it sends lands here instead, newest first. Never run a public server like this.
          </p>
        </div>
      </div>
      {messages.length === 0 ? (
        <p className="muted">No email yet.</p>
      ) : (
        messages.map((message) => (
          <article key={message.id} className="panel" style={{ marginBottom: "1rem" }} data-testid="outbox-message">
            <h2>{message.subject}</h2>
            <p className="muted">
              To <strong>{message.to}</strong> · <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>
            </p>
            <Markdown>{message.text}</Markdown>
          </article>
        ))
      )}
    </div>
  );
}
