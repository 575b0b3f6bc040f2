import { planNames, plans } from "@streamkit/plans";
import type { Metadata } from "next";
import { PlansTable } from "@/components/entitlements-table";
import { currentCaller } from "@/lib/server/auth";

export const metadata: Metadata = { title: "Plans" };

export default async function PlansPage() {
  const caller = await currentCaller();
  const current = caller?.account.plan;
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Plans</h1>
          <p>Every plan includes the marketplace, the exchange rates and the API. A theme needs the plan of its most demanding part.</p>
        </div>
      </div>
      <div className="plan-grid">
        {planNames.map((name) => (
          <section key={name} className={`panel plan-card${name === current ? " current" : ""}`} aria-labelledby={`plan-${name}`}>
            <h2 id={`plan-${name}`}>
              {plans[name].title} {name === current ? <span className="badge official">Your plan</span> : null}
            </h2>
            <p className="muted">{plans[name].summary}</p>
          </section>
        ))}
      </div>
      <section className="panel" style={{ marginTop: "1.5rem" }} aria-labelledby="compare">
        <h2 id="compare">Compare</h2>
        <PlansTable current={current} />
      </section>
    </div>
  );
}
