import type { Billing } from "@streamkit/api-contract";
import { plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { isLive } from "@/components/billing/billing-words";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { isUuid } from "@/lib/is-uuid";
import { serviceNow } from "@/lib/server/service-clock";
import { ChangePlan } from "./change-plan";
import { CurrentPlan } from "./current-plan";
import { PaymentHistory } from "./payment-history";
import { MAX_RELOADS, SubscribedNotice } from "./subscribed-notice";
import { SubscriptionPanel } from "./subscription-panel";

export const metadata: Metadata = { title: "Billing" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The notice after a change, from the subscription as it is now (an edited address cannot claim a change that did not happen). */
function changeNotice(billing: Billing, change: string | undefined): string | null {
  const live = isLive(billing.subscription) ? billing.subscription : null;
  if (!live || !change) return null;
  const end = live.currentPeriodEnd ? formatDate(live.currentPeriodEnd) : "the end of the period";
  if (change === "cancel" && live.cancelAtPeriodEnd) return `Cancelled. You keep ${plans[live.plan].title} until ${end}; nothing more is charged.`;
  if (change === "resume" && !live.cancelAtPeriodEnd) return `Resumed. Your subscription renews on ${end}.`;
  if (change === `plan-${live.plan}` && !live.scheduledPlan) return `You are on ${plans[live.plan].title} now.`;
  if (live.scheduledPlan && change === `plan-${live.scheduledPlan}`) return `${plans[live.scheduledPlan].title} from ${end}: the change is scheduled.`;
  return null;
}

export default async function BillingPage({ searchParams }: { searchParams: SearchParams }) {
  const { account } = await requireCaller("/account/billing");
  const query = await searchParams;
  if (account.suspended) {
    return (
      <div className="container">
        <h1>Billing</h1>
        <p className="notice" role="status">
          This account is suspended: its subscription cannot be changed. Contact support to restore it.
        </p>
      </div>
    );
  }
  const caller = await api();
  const [billing, now] = await Promise.all([caller.billing.overview(), serviceNow()]);
  const subscribedId = one(query.subscribed);
  const subscribed = isUuid(subscribedId) ? await caller.billing.subscription({ id: subscribedId }) : null;
  const reloads = Math.max(0, Math.min(MAX_RELOADS, Number.parseInt(one(query.wait) ?? "0", 10) || 0));
  const changed = changeNotice(billing, one(query.changed));
  const live = isLive(billing.subscription) ? billing.subscription : null;
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Billing</h1>
          <p>Your plan, your subscription and what you paid for it.</p>
        </div>
        <div className="form-actions">
          <Link href="/account" className="button secondary">
            Account
          </Link>
          <Link href="/plans" className="button secondary">
            Plans
          </Link>
        </div>
      </div>
      {subscribed ? <SubscribedNotice subscription={subscribed} reloads={reloads} /> : null}
      {changed ? (
        <p className="notice success" role="status">
          {changed}
        </p>
      ) : null}
      <div className="layout-2">
        <CurrentPlan billing={billing} />
        <SubscriptionPanel billing={billing} />
      </div>
      <div className="stack billing-sections">
        {live ? <ChangePlan subscription={live} now={now} /> : null}
        <PaymentHistory payments={billing.payments} totals={billing.totals} />
      </div>
    </div>
  );
}
