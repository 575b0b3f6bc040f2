import type { Metadata } from "next";
import { paidPlanNames, planNames, plans, subscriptionRules } from "@streamkit/plans";
import type { AccountCaller } from "@streamkit/api";
import type { Billing } from "@streamkit/api-contract";
import type { BuyerCountry } from "@/components/commerce/buyer";
import { currencyNames } from "@/components/commerce/money";
import { PlansTable } from "@/components/entitlements-table";
import { PlanOffer } from "@/components/pages/plan-offer";

const isPaid = (name: string): name is (typeof paidPlanNames)[number] => (paidPlanNames as readonly string[]).includes(name);

export const plansMetadata: Metadata = { title: "Plans" };

/**
 * The plans and their prices for one visitor (app/(site)) or every signed-out visitor of a region (app/cached).
 * `cancelled`: the visitor came back from a cancelled checkout.
 */
export function PlansView({
  caller,
  billing,
  buyer,
  cancelled,
}: {
  caller: AccountCaller | null;
  billing: Billing | null;
  buyer: BuyerCountry;
  cancelled: boolean;
}) {
  const current = caller?.account.plan;
  const { country, currency, source } = buyer;
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Plans</h1>
          <p>Every plan includes the marketplace, the exchange rates and the API. A theme needs the plan of its most demanding part.</p>
        </div>
      </div>
      {cancelled ? (
        <p className="notice" role="status">
          You cancelled the checkout. Nothing was charged; you can subscribe whenever you like.
        </p>
      ) : null}
      <div className="plan-grid">
        {planNames.map((name) => (
          <section key={name} className={`panel plan-card${name === current ? " current" : ""}`} aria-labelledby={`plan-${name}`}>
            <h2 id={`plan-${name}`}>
              {plans[name].title} {name === current ? <span className="badge official">Your plan</span> : null}
            </h2>
            <p className="muted">{plans[name].summary}</p>
            {isPaid(name) ? <PlanOffer plan={name} country={country} billing={billing} signedIn={Boolean(caller)} /> : null}
          </section>
        ))}
      </div>
      <p className="muted plan-terms">
        Prices in {currencyNames[currency]} ({currency}) because {source === "account" ? "of your account’s country" : "of the region you browse from"}: rupees
        in India, dollars everywhere else. A subscription renews until you cancel it; cancelling keeps the plan to the end of the paid period. If a renewal
        cannot be charged, the plan stays for {subscriptionRules.graceDays} days while the payment is retried.
      </p>
      <section className="panel" style={{ marginTop: "1.5rem" }} aria-labelledby="compare">
        <h2 id="compare">Compare</h2>
        <PlansTable current={current} />
      </section>
    </div>
  );
}
