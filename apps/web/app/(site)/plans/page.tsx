import type { Metadata } from "next";
import { buyerCountry } from "@/components/commerce/buyer";
import { PlansView, plansMetadata } from "@/components/pages/plans-view";
import { api } from "@/lib/server/api";
import { currentCaller } from "@/lib/server/auth";

export const metadata: Metadata = plansMetadata;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function PlansPage({ searchParams }: { searchParams: SearchParams }) {
  const [{ cancelled }, caller, buyer] = await Promise.all([searchParams, currentCaller(), buyerCountry()]);
  // A suspended account can do nothing with its billing: it sees the prices only.
  const billing = caller && !caller.account.suspended ? await (await api()).billing.overview() : null;
  return <PlansView caller={caller} billing={billing} buyer={buyer} cancelled={cancelled === "1"} />;
}
