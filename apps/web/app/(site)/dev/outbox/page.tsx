import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireStaff } from "@/components/commerce/staff";
import { formatDate } from "@/components/format";
import { Markdown } from "@/components/markdown/markdown";
import { api } from "@/lib/server/api";
import { domainError } from "@/lib/server/errors";

export const metadata: Metadata = { title: "Development outbox", robots: { index: false } };

/**
 * The development outbox: the email this server would have sent (password
 * resets), when it has no SMTP server (docs/accounts.md). Only for
 * signed-in operators — a reset link is an account — and the 404 page for
 * everyone else, as the operator's pages; a 404 too when email goes out
 * through SMTP or nowhere.
 */
export default async function OutboxPage() {
  await requireStaff();
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
            This server has no SMTP server (<code>SMTP_URL</code>), so the email it sends lands here instead, newest first, and in the server's log. Only
            operators can read it.
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
