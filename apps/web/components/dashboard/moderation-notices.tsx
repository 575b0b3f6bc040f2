import { type ListingDetail, reportReasonLabels } from "@streamkit/api-contract";
import { formatDate } from "@/components/format";

/** What the operators told the author about one plugin: a takedown (why, and their message) and the newest warning. */
export function ModerationNotices({ plugin }: { plugin: ListingDetail }) {
  const { takenDown, warning } = plugin;
  return (
    <>
      {takenDown ? (
        <div className="notice danger" role="status" data-testid="takedown-notice">
          <p>
            <strong>Taken down</strong> by the marketplace’s operators on <time dateTime={takenDown.at}>{formatDate(takenDown.at)}</time>:{" "}
            {reportReasonLabels[takenDown.reason]}.
          </p>
          {takenDown.message ? <p>{takenDown.message}</p> : null}
          <p className="muted">
            It is out of the marketplace and nobody but you can download it; purchases stay with their buyers. Publishing a new version does not bring it back:
            fix what is wrong, publish, and ask the operators to review it again.
          </p>
        </div>
      ) : null}
      {warning ? (
        <div className="notice" role="status" data-testid="warning-notice">
          <p>
            <strong>Warning</strong> from the operators, <time dateTime={warning.at}>{formatDate(warning.at)}</time>
            {warning.reason ? ` (${reportReasonLabels[warning.reason]})` : ""}:
          </p>
          <p>{warning.message}</p>
        </div>
      ) : null}
    </>
  );
}
