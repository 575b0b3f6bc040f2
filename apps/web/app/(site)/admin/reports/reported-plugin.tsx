import { moderationLimits, type QueuedPlugin, reportReasonLabels, reportReasons } from "@streamkit/api-contract";
import Link from "next/link";
import { ActionForm } from "@/components/commerce/action-form";
import { formatDate } from "@/components/format";
import { decideReport } from "@/lib/server/report-actions";

/** One plugin of the queue: its counts per reason, the newest reports, and the three decisions. */
export function ReportedPlugin({ plugin, own }: { plugin: QueuedPlugin; own: boolean }) {
  const id = (what: string) => `${what}-${plugin.slug}`;
  const counted = reportReasons.filter((reason) => plugin.counts[reason] > 0);
  return (
    <article className="panel" data-testid="reported-plugin" aria-labelledby={id("title")}>
      <h3 id={id("title")}>
        <Link href={`/plugins/${encodeURIComponent(plugin.slug)}`}>{plugin.name}</Link> <code>{plugin.slug}</code>
      </h3>
      <p className="muted">
        By {plugin.author.name}
        {plugin.author.email ? ` (${plugin.author.email})` : ""} · {plugin.open} open report{plugin.open === 1 ? "" : "s"} · last{" "}
        <time dateTime={plugin.lastAt}>{formatDate(plugin.lastAt)}</time>
      </p>
      <ul className="meta-row" aria-label="Reports per reason">
        {counted.map((reason) => (
          <li key={reason} className="badge" data-testid="reason-count">
            {reportReasonLabels[reason]}: {plugin.counts[reason]}
          </li>
        ))}
      </ul>
      <ul aria-label="Newest reports">
        {plugin.reports.map((report) => (
          <li key={report.id}>
            <strong>{reportReasonLabels[report.reason]}</strong> — {report.reporter.name}, <time dateTime={report.at}>{formatDate(report.at)}</time>
            {report.details ? <p className="muted">{report.details}</p> : null}
          </li>
        ))}
      </ul>
      {own ? (
        <p className="muted">Your own plugin: another operator decides about it.</p>
      ) : (
        <div className="layout-2">
          <ActionForm
            action={decideReport}
            hidden={{ slug: plugin.slug, action: "dismiss" }}
            submit="Dismiss"
            submitClassName="button secondary small"
            aria-label={`Dismiss the reports of ${plugin.name}`}
          >
            <div className="field">
              <label htmlFor={id("dismiss-note")}>Private note</label>
              <textarea id={id("dismiss-note")} name="note" rows={2} maxLength={moderationLimits.maxNote} />
            </div>
          </ActionForm>
          <ActionForm
            action={decideReport}
            hidden={{ slug: plugin.slug, action: "warn" }}
            submit="Warn the author"
            submitClassName="button secondary small"
            aria-label={`Warn the author of ${plugin.name}`}
          >
            <div className="field">
              <label htmlFor={id("warn-message")}>Message to the author</label>
              <textarea id={id("warn-message")} name="message" rows={2} required maxLength={moderationLimits.maxMessage} />
            </div>
            <div className="field">
              <label htmlFor={id("warn-note")}>Private note</label>
              <textarea id={id("warn-note")} name="note" rows={2} maxLength={moderationLimits.maxNote} />
            </div>
          </ActionForm>
          <ActionForm
            action={decideReport}
            hidden={{ slug: plugin.slug, action: "take_down" }}
            submit="Take down"
            submitClassName="button danger small"
            aria-label={`Take down ${plugin.name}`}
          >
            <div className="field">
              <label htmlFor={id("down-reason")}>Public reason</label>
              <select id={id("down-reason")} name="reason" defaultValue={counted[0] ?? "other"}>
                {reportReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {reportReasonLabels[reason]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={id("down-message")}>Message to the author</label>
              <textarea id={id("down-message")} name="message" rows={2} maxLength={moderationLimits.maxMessage} />
            </div>
            <div className="field">
              <label htmlFor={id("down-note")}>Private note</label>
              <textarea id={id("down-note")} name="note" rows={2} maxLength={moderationLimits.maxNote} />
            </div>
          </ActionForm>
        </div>
      )}
    </article>
  );
}
