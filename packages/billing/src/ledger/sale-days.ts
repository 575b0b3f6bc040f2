import { pluginSaleDays, type Queryable } from "@streamkit/db";
import { sql } from "drizzle-orm";

/**
 * A sale or refund ledger entry into its plugin's daily roll-up, in the
 * transaction that writes the entry: the day is the entry's UTC day, as the
 * ledger (and so the sales view) dates it. Authors' analytics sum these rows
 * (docs/analytics.md); gross and share are the entry's, positive for both kinds.
 */
export async function rollUpSaleEntry(
  tx: Queryable,
  entry: { kind: "sale" | "refund"; pluginId: string; currency: string; gross: number; share: number; at: Date },
): Promise<void> {
  const day = entry.at.toISOString().slice(0, 10);
  const gross = Math.abs(entry.gross);
  const share = Math.abs(entry.share);
  const sale = entry.kind === "sale";
  await tx
    .insert(pluginSaleDays)
    .values({
      pluginId: entry.pluginId,
      day,
      currency: entry.currency,
      ...(sale ? { sales: 1, saleGross: gross, saleShare: share } : { refunds: 1, refundGross: gross, refundShare: share }),
    })
    .onConflictDoUpdate({
      target: [pluginSaleDays.pluginId, pluginSaleDays.day, pluginSaleDays.currency],
      set: sale
        ? {
            sales: sql`${pluginSaleDays.sales} + 1`,
            saleGross: sql`${pluginSaleDays.saleGross} + ${gross}`,
            saleShare: sql`${pluginSaleDays.saleShare} + ${share}`,
          }
        : {
            refunds: sql`${pluginSaleDays.refunds} + 1`,
            refundGross: sql`${pluginSaleDays.refundGross} + ${gross}`,
            refundShare: sql`${pluginSaleDays.refundShare} + ${share}`,
          },
    });
}
