import { getRuntime } from "@streamkit/api";
import { chargeFor, commerce, type PriceTier, planFor, plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { InstallButton } from "@/components/install/install-button";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/commerce/action-form";
import { buyerCountry } from "@/components/commerce/buyer";
import { currencyNames, formatCharge } from "@/components/commerce/money";
import { plural } from "@/components/format";
import { PublisherName } from "@/components/publisher-name";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { startPurchase } from "@/lib/server/commerce-actions";
import { orNotFound } from "@/lib/server/errors";

export const metadata: Metadata = { title: "Buy a plugin" };

type Params = Promise<{ slug: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const regionName = new Intl.DisplayNames(["en"], { type: "region" });
const providerNames: Record<string, string> = { builtin: "Streamkit test payments", stripe: "Stripe", razorpay: "Razorpay" };

export default async function BuyPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { slug } = await params;
  const { cancelled } = await searchParams;
  const path = `/plugins/${encodeURIComponent(slug)}/buy`;
  const caller = await requireCaller(path);
  const plugin = (await orNotFound((await api()).plugins.get({ slug }))).item;
  if (plugin.status !== "published") notFound();

  const { country, currency, source } = await buyerCountry();
  const charge = plugin.price ? chargeFor(plugin.price.tier as PriceTier, country) : null;
  const provider = charge ? (await getRuntime()).deps.payments.forCurrency(charge.currency) : null;
  const where = country && country !== "ZZ" ? (regionName.of(country) ?? country) : null;
  // Buying stays open on every plan; installing what was bought needs a plan that downloads plugins.
  const plan = caller.account.plan;
  // Said before the offer to buy only: a free or owned plugin has nothing to buy, and its Install gives way to the upgrade instead.
  const downloadPlan = !plugin.price || plugin.mine || plugin.owned || plans[plan].entitlements.pluginDownload ? null : plans[planFor("pluginDownload")];

  return (
    <div className="container narrow-wide">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link href="/">Marketplace</Link> / <Link href={`/plugins/${encodeURIComponent(slug)}`}>{plugin.name}</Link> / <span aria-current="page">Buy</span>
      </nav>
      <section className="form-card" aria-labelledby="buy-title">
        <h1 id="buy-title">Buy {plugin.name}</h1>
        {cancelled === "1" ? (
          <p className="notice" role="status">
            You cancelled the payment. Nothing was charged; you can try again whenever you like.
          </p>
        ) : null}

        <dl className="facts order-summary">
          <dt>Plugin</dt>
          <dd>
            {plugin.name} <span className="badge">v{plugin.version}</span>
          </dd>
          <dt>Publisher</dt>
          <dd>
            <PublisherName publisher={plugin.publisher} />
          </dd>
          <dt>What you get</dt>
          <dd>A one-time purchase for your account: this version and every later one, installed from the Streamkit desktop app.</dd>
          <dt>Permissions</dt>
          <dd>
            {plural(plugin.permissions.length, "permission")} — listed on <Link href={`/plugins/${encodeURIComponent(slug)}`}>its page</Link>
          </dd>
          {charge ? (
            <>
              <dt>Amount</dt>
              <dd>
                <strong className="charge" data-testid="charge">
                  {formatCharge(charge.amount, charge.currency)}
                </strong>{" "}
                {charge.currency}
              </dd>
            </>
          ) : null}
        </dl>

        {downloadPlan ? (
          <div className="notice plan-needed" data-testid="download-needs-plan">
            <p>
              Downloading plugins needs the {downloadPlan.title} plan: you are on {plans[plan].title}. You can buy {plugin.name} now and keep it; install it
              once you upgrade.
            </p>
            <Link href="/plans" className="button secondary small">
              Upgrade to {downloadPlan.title}
            </Link>
          </div>
        ) : null}

        {!plugin.price ? (
          <>
            <p>{plugin.name} is free: there is nothing to buy. Install it in the Streamkit desktop app.</p>
            <InstallButton slug={plugin.slug} name={plugin.name} plan={plan} />
          </>
        ) : plugin.mine ? (
          <p data-testid="buy-state">
            This is your plugin: it is yours already. <Link href="/dashboard/pricing">Change its price</Link>.
          </p>
        ) : plugin.owned ? (
          <>
            <p data-testid="buy-state">
              You own this plugin already. Install it in the Streamkit desktop app, or see <Link href="/purchases">My purchases</Link>.
            </p>
            <InstallButton slug={plugin.slug} name={plugin.name} plan={plan} />
          </>
        ) : !provider || !charge ? (
          <p className="form-error" role="alert">
            Payments in {currencyNames[currency]} are not available right now. Please try again later.
          </p>
        ) : (
          <>
            <p className="muted">
              You pay in {currencyNames[charge.currency]} ({charge.currency}) because{" "}
              {source === "account" ? (
                <>
                  your account’s country is {where} (<Link href="/account">your account</Link>)
                </>
              ) : charge.currency === "INR" ? (
                <>you are buying from India</>
              ) : (
                <>you are buying from outside India</>
              )}
              : plugins cost rupees in India and dollars everywhere else.
              {source === "visitor" ? " Wrong region? Change “Prices for” at the bottom of the page." : null}
            </p>
            <ActionForm
              action={startPurchase}
              hidden={{ slug }}
              submit={`Continue to payment — ${formatCharge(charge.amount, charge.currency)}`}
              pendingText="Starting the payment…"
            >
              <p className="muted">
                You will pay on the {providerNames[provider.id] ?? provider.id} page and come back here. The plugin is yours once the payment is confirmed.
                Refunds are possible for {commerce.refundWindowDays} days after paying.
              </p>
            </ActionForm>
          </>
        )}
      </section>
    </div>
  );
}
