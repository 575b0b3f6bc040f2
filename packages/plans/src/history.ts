import type { PlanName } from "./plans";

/**
 * Overlay revision history (docs/overlays.md#revision-history): how many
 * replaced revisions an overlay keeps, by the plan of the account saving it.
 * A save prunes beyond this number in its own transaction; nothing prunes a
 * locked overlay's history (it cannot be saved), so a downgrade loses none.
 * Free cannot save overlays at all; it has a number so that every plan has one.
 */
export const overlayRevisionsKept: Record<PlanName, number> = {
  free: 10,
  pro: 50,
  ultimate: 200,
};
