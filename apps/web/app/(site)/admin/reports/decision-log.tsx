import { type Decision, moderationLimits, reportReasonLabels } from "@streamkit/api-contract";
import { DataTable } from "@/components/data-table";
import { formatDate } from "@/components/format";

const actionText = { dismiss: "Dismissed", warn: "Warned", take_down: "Taken down", restore: "Restored" } as const;

/** The audit: the latest decisions, who made them, when, and their notes. */
export function DecisionLog({ decisions }: { decisions: Decision[] }) {
  return (
    <section className="panel" aria-labelledby="decisions-title">
      <h2 id="decisions-title">Decisions</h2>
      <p className="muted">The latest {moderationLimits.decisions}, newest first; the operator CLI's `report decisions` lists them too.</p>
      <DataTable
        labelledBy="decisions-title"
        columns={["Plugin", "Decision", "Reason", "Reports closed", "By", "When", "Note", "Message to the author"]}
        rows={decisions.length}
        empty="No decision yet."
      >
        {decisions.map((decision) => (
          <tr key={decision.id} data-testid="decision-row">
            <td>
              <code>{decision.slug}</code>
            </td>
            <td>{actionText[decision.action]}</td>
            <td>{decision.reason ? reportReasonLabels[decision.reason] : "—"}</td>
            <td>{decision.reportsClosed}</td>
            <td>{decision.operator.name}</td>
            <td>
              <time dateTime={decision.at}>{formatDate(decision.at)}</time>
            </td>
            <td>{decision.note || "—"}</td>
            <td>{decision.message ?? "—"}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
