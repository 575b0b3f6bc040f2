import { commerce, priceTierNames, priceTiers } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/commerce/action-form";
import { authorSharePercent } from "@/components/commerce/money";
import { formatWhole, PriceWithTier, tierAmounts } from "@/components/commerce/tiers";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { makeFree, requestPrice } from "@/lib/server/commerce-actions";

export const metadata: Metadata = { title: "Pricing" };

export default async function PricingPage() {
  await requireCaller("/dashboard/pricing");
  const { items } = await (await api()).plugins.mine();
  const plugins = items.filter((plugin) => plugin.status !== "removed");
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Pricing</h1>
          <p>
            Set what your plugins cost. A paid plugin costs its tier’s rupee amount in India and its dollar amount everywhere else; you get {authorSharePercent}{" "}
            of each sale (see <Link href="/dashboard/sales">Sales</Link>).
          </p>
        </div>
      </div>
      <div className="layout-2">
        <div>
          {plugins.length === 0 ? (
            <div className="empty">
              <p>You have no plugin in the marketplace to price.</p>
              <Link href="/publishing" className="button secondary">
                How to publish
              </Link>
            </div>
          ) : (
            <ul className="plugin-rows" aria-label="Your plugins and their prices">
              {plugins.map((plugin) => {
                const request = plugin.priceRequest;
                return (
                  <li key={plugin.id} className="panel" data-testid="pricing-plugin">
                    <div className="plugin-row-head">
                      <div>
                        <h2>{plugin.status === "published" ? <Link href={`/plugins/${plugin.slug}`}>{plugin.name}</Link> : plugin.name}</h2>
                        <div className="meta-row">
                          <code>{plugin.slug}</code>
                          {plugin.status === "hidden" ? <span className="status hidden">Hidden by the operator</span> : null}
                        </div>
                      </div>
                    </div>
                    <dl className="facts">
                      <dt>Current price</dt>
                      <dd data-testid="current-price">
                        <PriceWithTier price={plugin.price} />
                      </dd>
                      {request ? (
                        <>
                          <dt>Requested</dt>
                          <dd data-testid="price-request">
                            <span className={`status ${request.status}`}>{request.status === "pending" ? "Waiting for review" : "Turned down"}</span>{" "}
                            <PriceWithTier price={request} /> <small className="muted">asked {formatDate(request.requestedAt)}</small>
                            {request.status === "pending" ? (
                              <p className="muted">The operator reviews new prices; until then the current price stays.</p>
                            ) : (
                              <blockquote className="operator-note">
                                {request.note ? (
                                  <>
                                    <strong>The operator’s note:</strong> {request.note}
                                  </>
                                ) : (
                                  "The operator gave no reason."
                                )}
                              </blockquote>
                            )}
                          </dd>
                        </>
                      ) : null}
                    </dl>

                    <ActionForm
                      action={requestPrice}
                      hidden={{ slug: plugin.slug }}
                      submit="Request this price"
                      pendingText="Sending…"
                      aria-label={`Request a price for ${plugin.name}`}
                    >
                      <fieldset className="field tier-choice">
                        <legend>{request?.status === "pending" ? "Ask for another tier instead" : "Ask for a tier"}</legend>
                        {priceTierNames.map((tier) => {
                          const current = plugin.price?.tier === tier;
                          return (
                            <label key={tier}>
                              <input type="radio" name="tier" value={tier} required defaultChecked={request?.status === "pending" && request.tier === tier} />
                              <span>
                                <strong>{tier}</strong> — {tierAmounts(tier)}
                                {current ? <small className="muted"> (current price)</small> : null}
                              </span>
                            </label>
                          );
                        })}
                      </fieldset>
                    </ActionForm>

                    {plugin.price || request?.status === "pending" ? (
                      <details className="make-free">
                        <summary>Make it free…</summary>
                        <ActionForm
                          action={makeFree}
                          hidden={{ slug: plugin.slug }}
                          submit={`Make ${plugin.name} free`}
                          submitClassName="button danger small"
                          pendingText="Saving…"
                          className="confirm"
                        >
                          <p>
                            {plugin.name} becomes free for everyone at once{request?.status === "pending" ? " and your pending request is withdrawn" : ""}.
                            People who bought it keep it.
                          </p>
                          <label className="confirm-check">
                            <input type="checkbox" name="confirm" value="yes" required /> Yes, make {plugin.name} free now
                          </label>
                        </ActionForm>
                      </details>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <aside className="panel" aria-labelledby="tiers-title">
          <h2 id="tiers-title">Price tiers</h2>
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Tier</th>
                <th scope="col" className="num">
                  India
                </th>
                <th scope="col" className="num">
                  Elsewhere
                </th>
              </tr>
            </thead>
            <tbody>
              {priceTierNames.map((tier) => (
                <tr key={tier}>
                  <th scope="row">{tier}</th>
                  <td className="num">{formatWhole(priceTiers[tier].INR, "INR")}</td>
                  <td className="num">{formatWhole(priceTiers[tier].USD, "USD")}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="rules">
            <li>A new price is reviewed by the operator first; the plugin keeps its current price meanwhile.</li>
            <li>Making a plugin free takes effect at once.</li>
            <li>
              You get {authorSharePercent} of each sale, held for the {commerce.refundWindowDays}-day refund window, then paid out once it reaches the minimum.
            </li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
