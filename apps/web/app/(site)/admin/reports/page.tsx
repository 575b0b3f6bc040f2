import { moderationLimits, reportReasonLabels } from "@streamkit/api-contract";
import type { Metadata } from "next";
import { ActionForm } from "@/components/commerce/action-form";
import { requireStaff } from "@/components/commerce/staff";
import { DataTable } from "@/components/data-table";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { decideReport } from "@/lib/server/report-actions";
import { RequestCells } from "../price-requests/request-cells";
import { DecisionLog } from "./decision-log";
import { ReportedPlugin } from "./reported-plugin";

export const metadata: Metadata = { title: "Reports" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const done = { dismiss: "Dismissed the reports of", warn: "Warned the author of", take_down: "Took down", restore: "Restored" } as const;

/** The operator's queue of reported plugins, the plugins taken down, and the audit of decisions (docs/operations.md#reports-and-takedowns). */
export default async function ReportsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireStaff();
  const { decided, action } = await searchParams;
  const caller = await api();
  const [queue, takenDown, decisions] = await Promise.all([caller.admin.reports.queue(), caller.admin.reports.takenDown(), caller.admin.reports.decisions()]);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Reports</h1>
          <p>
            People report plugins; you dismiss the reports, warn the author (they read your message on their dashboard), or take the plugin down: out of the
            marketplace and not downloadable by anyone but its author, purchases kept. Your note stays here; the reason is public.
          </p>
        </div>
      </div>
      {typeof decided === "string" && typeof action === "string" && action in done ? (
        <p className="form-done" role="status">
          {done[action as keyof typeof done]} <code>{decided}</code>.
        </p>
      ) : null}
      <section className="panel" aria-labelledby="queue-title">
        <h2 id="queue-title">Reported plugins ({queue.length})</h2>
        <p className="muted">
          Most reported first; the {moderationLimits.reportsPerPlugin} newest reports of each. A decision closes every open report of the plugin.
        </p>
        {queue.length === 0 ? <p className="muted">Nothing reported.</p> : null}
        {queue.map((plugin) => (
          <ReportedPlugin key={plugin.slug} plugin={plugin} own={plugin.author.id === operator.account.id} />
        ))}
      </section>
      <section className="panel" aria-labelledby="down-title">
        <h2 id="down-title">Taken down ({takenDown.length})</h2>
        <DataTable
          labelledBy="down-title"
          columns={["Plugin", "Author", "Reason", "Since", "Decision"]}
          rows={takenDown.length}
          empty="No plugin is taken down."
        >
          {takenDown.map((plugin) => (
            <tr key={plugin.slug} data-testid="taken-down-row">
              <RequestCells request={plugin} />
              <td>{reportReasonLabels[plugin.reason]}</td>
              <td>
                <time dateTime={plugin.at}>{formatDate(plugin.at)}</time>
              </td>
              <td className="decision">
                <ActionForm
                  action={decideReport}
                  hidden={{ slug: plugin.slug, action: "restore" }}
                  submit="Restore"
                  submitClassName="button secondary small"
                  pendingText="Restoring…"
                  aria-label={`Restore ${plugin.name}`}
                >
                  <div className="field">
                    <label htmlFor={`restore-note-${plugin.slug}`}>Private note</label>
                    <textarea id={`restore-note-${plugin.slug}`} name="note" rows={2} maxLength={moderationLimits.maxNote} />
                  </div>
                </ActionForm>
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
      <DecisionLog decisions={decisions} />
    </>
  );
}
