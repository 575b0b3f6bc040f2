import { reportReasonLabels, type TakenDown } from "@streamkit/api-contract";
import { formatDate } from "@/components/format";

/** What a holder (or the author) of a taken-down plugin reads on its page: when, and the public reason. */
export function TakenDownNotice({ name, takenDown }: { name: string; takenDown: TakenDown }) {
  return (
    <div className="notice danger" role="status" data-testid="taken-down-notice">
      <strong>Taken down.</strong> The marketplace’s operators took “{name}” down on <time dateTime={takenDown.at}>{formatDate(takenDown.at)}</time>:{" "}
      {reportReasonLabels[takenDown.reason]}. What you installed stays yours, but it can no longer be downloaded or bought.
    </div>
  );
}
