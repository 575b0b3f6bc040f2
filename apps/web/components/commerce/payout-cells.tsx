import { formatMoney, payoutMethodNames } from "@/components/commerce/money";

/** A payout's amount, method and reference: the last three cells of a payouts table row. */
export function PayoutCells({ payout }: { payout: { amount: number; currency: string; method: string; reference: string } }) {
  return (
    <>
      <td className="num">{formatMoney(payout.amount, payout.currency)}</td>
      <td>{payoutMethodNames[payout.method as keyof typeof payoutMethodNames] ?? payout.method}</td>
      <td>
        <code>{payout.reference}</code>
      </td>
    </>
  );
}
