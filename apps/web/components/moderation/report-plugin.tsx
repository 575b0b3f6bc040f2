import { moderationLimits, reportReasonLabels, reportReasons } from "@streamkit/api-contract";
import { ActionForm } from "@/components/commerce/action-form";
import { reportPlugin } from "@/lib/server/report-actions";

/** "Report this plugin" for signed-in visitors: a reason and a few words, sent to the operators (docs/plugins.md#reporting-a-plugin). */
export function ReportPlugin({ slug, name }: { slug: string; name: string }) {
  return (
    <details className="report-plugin" data-testid="report-plugin">
      <summary>Report this plugin</summary>
      <ActionForm
        action={reportPlugin}
        hidden={{ slug }}
        submit="Send report"
        submitClassName="button secondary small"
        pendingText="Sending…"
        aria-label={`Report ${name}`}
      >
        <div className="field">
          <label htmlFor="report-reason">What is wrong?</label>
          <select id="report-reason" name="reason" required defaultValue="">
            <option value="" disabled>
              Choose a reason
            </option>
            {reportReasons.map((reason) => (
              <option key={reason} value={reason}>
                {reportReasonLabels[reason]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="report-details">Details for the operators</label>
          <textarea id="report-details" name="details" rows={3} maxLength={moderationLimits.maxDetails} />
          <small className="muted">The operators see who reported; the author does not.</small>
        </div>
      </ActionForm>
    </details>
  );
}
