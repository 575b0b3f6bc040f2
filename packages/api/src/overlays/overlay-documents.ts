import { documentTooLarge, drawingProblem, type OverlayDocument, overlayDocumentSchema } from "@streamkit/overlay";
import { MAX_PROBLEMS } from "../shared/error-mapping";
import { AppError } from "@streamkit/api-contract";

/**
 * A document from a request: too big first (413 payload_too_large: over the
 * byte or layer limit, however it arrived, chunked bodies included), then
 * every rule at once (400 validation_error, dotted paths into the request
 * body such as `document.layers.3.frame.w`, at most MAX_PROBLEMS), then
 * its drawing within the renderer's budget (413, saying what to reduce).
 */
export function parseDocument(input: unknown, field = "document"): OverlayDocument {
  const tooLarge = documentTooLarge(input);
  if (tooLarge) throw new AppError("payload_too_large", `${tooLarge} (/docs/guides/overlays).`);
  const parsed = overlayDocumentSchema.safeParse(input);
  if (parsed.success) {
    const tooMuch = drawingProblem(parsed.data);
    if (tooMuch) throw new AppError("payload_too_large", `${tooMuch} (/docs/guides/overlays).`);
    return parsed.data;
  }
  // Dotted paths into the body (document.layers.3.frame.w), as editors address a document's members.
  const problems = parsed.error.issues
    .slice(0, MAX_PROBLEMS)
    .map((issue) => ({ path: [field, ...issue.path.map(String)].join("."), message: issue.message.slice(0, 300) }));
  const summary = problems
    .slice(0, 5)
    .map((problem) => `${problem.path}: ${problem.message}`)
    .join("; ");
  throw new AppError("validation_error", `The overlay document failed its checks — ${summary}${problems.length > 5 ? "; …" : ""}`, problems);
}
