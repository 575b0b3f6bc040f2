import { plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { PlansTable } from "@/components/entitlements-table";
import { requireCaller } from "@/lib/server/auth";

export const metadata: Metadata = { title: "Your account" };

const countryName = new Intl.DisplayNames(["en"], { type: "region" });

export default async function AccountPage() {
  const { account } = await requireCaller("/account");
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Your account</h1>
          <p>Signed in as {account.email}</p>
        </div>
        <Link href="/dashboard/keys" className="button secondary">
          API keys
        </Link>
      </div>
      {account.suspended ? (
        <p className="notice" role="status">
          This account is suspended: its API keys are refused and it cannot buy or publish. Contact support to restore it.
        </p>
      ) : null}
      <div className="layout-2">
        <section className="panel" aria-labelledby="details">
          <h2 id="details">Details</h2>
          <dl className="facts">
            <dt>Name</dt>
            <dd>{account.name}</dd>
            <dt>Email</dt>
            <dd>{account.email}</dd>
            <dt>Plan</dt>
            <dd data-testid="plan">{plans[account.plan].title}</dd>
            <dt>Country</dt>
            <dd>{account.country ? countryName.of(account.country) : "Not set (prices in US dollars)"}</dd>
          </dl>
        </section>
        <section className="panel" aria-labelledby="plan-title">
          <h2 id="plan-title">{plans[account.plan].title} plan</h2>
          <p className="muted">{plans[account.plan].summary}</p>
          <Link href="/plans">Compare plans</Link>
        </section>
      </div>
      <section className="panel" style={{ marginTop: "1.5rem" }} aria-labelledby="entitlements">
        <h2 id="entitlements">What your plan includes</h2>
        <PlansTable current={account.plan} />
      </section>
    </div>
  );
}
