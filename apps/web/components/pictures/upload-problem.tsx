import Link from "next/link";
import type { UploadOutcome } from "@/lib/picture-upload";

/** Why an upload was refused, in the API's words; a refusal the plan decides (none, or full) links to the plans. */
export function UploadProblem({ problem }: { problem: Extract<UploadOutcome, { ok: false }> }) {
  const plan = problem.code === "plan_required" || problem.code === "limit_reached";
  return (
    <p className="form-error" role="alert" data-testid="upload-problem">
      {problem.message}
      {plan ? (
        <>
          {" "}
          <Link href="/plans">See plans</Link>
        </>
      ) : null}
    </p>
  );
}
