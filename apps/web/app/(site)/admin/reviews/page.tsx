import type { Metadata } from "next";
import { ActionForm } from "@/components/commerce/action-form";
import { requireStaff } from "@/components/commerce/staff";
import { DataTable } from "@/components/data-table";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { decideReview } from "@/lib/server/review-actions";
import { Reasons } from "./reasons";

export const metadata: Metadata = { title: "Plugin review" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ReviewsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireStaff();
  const { reviewed, decision } = await searchParams;
  const { held, decided } = await (await api()).admin.reviews.queue();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Plugin review</h1>
          <p>
            Versions held by the publish scan because their id, name or author resembles a listed plugin or a verified publisher. Nobody but the author sees
            them until you approve; rejecting keeps the last listed version and shows your note to the author.
          </p>
        </div>
      </div>
      {typeof reviewed === "string" && (decision === "approve" || decision === "reject") ? (
        <p className="form-done" role="status">
          {decision === "approve" ? "Approved and listed" : "Rejected"} <code>{reviewed}</code>.
        </p>
      ) : null}
      <section className="panel" aria-labelledby="held-title">
        <h2 id="held-title">Held for review ({held.length})</h2>
        <DataTable labelledBy="held-title" columns={["Plugin", "Author", "Why it was held", "Held", "Decision"]} rows={held.length} empty="Nothing to review.">
          {held.map((version) => (
            <tr key={`${version.slug}@${version.version}`} data-testid="held-row">
              <td>
                <strong>{version.name}</strong> <span className="badge">v{version.version}</span>
                <br />
                <code>{version.slug}</code>
                {version.newPlugin ? <small className="muted"> · new plugin, not listed yet</small> : null}
                {version.manifestAuthor ? <small className="muted"> · author field “{version.manifestAuthor}”</small> : null}
              </td>
              <td>
                {version.author.name}
                {version.author.email ? (
                  <>
                    <br />
                    <small className="muted">{version.author.email}</small>
                  </>
                ) : null}
              </td>
              <td>
                <Reasons reasons={version.reasons} />
              </td>
              <td>
                <time dateTime={version.heldAt}>{formatDate(version.heldAt)}</time>
              </td>
              <td className="decision">
                {version.author.id === operator.account.id ? (
                  <p className="muted">Your own plugin: another operator reviews it.</p>
                ) : (
                  <ActionForm
                    action={decideReview}
                    hidden={{ slug: version.slug, version: version.version, decision: "approve" }}
                    submit="Approve"
                    submitClassName="button small"
                    pendingText="Approving…"
                    aria-label={`Approve ${version.name} ${version.version}`}
                  />
                )}
                <ActionForm
                  action={decideReview}
                  hidden={{ slug: version.slug, version: version.version, decision: "reject" }}
                  submit="Reject"
                  submitClassName="button secondary small"
                  pendingText="Rejecting…"
                  aria-label={`Reject ${version.name} ${version.version}`}
                >
                  <div className="field">
                    <label htmlFor={`note-${version.slug}`}>Note to the author (required)</label>
                    <textarea id={`note-${version.slug}`} name="note" rows={2} maxLength={1000} required />
                  </div>
                </ActionForm>
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
      <section className="panel" aria-labelledby="decided-title">
        <h2 id="decided-title">Decided</h2>
        <p className="muted">The latest {decided.length} decisions. “Operator CLI” marks decisions made with npm run admin, which records no operator.</p>
        <DataTable
          labelledBy="decided-title"
          columns={["Plugin", "Author", "Outcome", "Decided", "Decided by", "Note to the author"]}
          rows={decided.length}
          empty="No held version has been decided yet."
        >
          {decided.map((version) => (
            <tr key={`${version.slug}@${version.version}`} data-testid="decided-row">
              <td>
                {version.name} <span className="badge">v{version.version}</span>
                <br />
                <code>{version.slug}</code>
              </td>
              <td>{version.author.name}</td>
              <td>
                <span className={`status ${version.outcome === "approved" ? "active" : "rejected"}`}>
                  {version.outcome === "approved" ? "Approved" : "Rejected"}
                </span>
              </td>
              <td>
                <time dateTime={version.decidedAt}>{formatDate(version.decidedAt)}</time>
              </td>
              <td>{version.decidedBy ? version.decidedBy.name : <span className="muted">Operator CLI</span>}</td>
              <td>{version.note ? <span className="note">{version.note}</span> : <span className="muted">—</span>}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}
