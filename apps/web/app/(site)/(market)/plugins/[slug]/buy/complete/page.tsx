import { grants, planTitles, plansGranting } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { InstallButton } from "@/components/install/install-button";
import { notFound } from "next/navigation";
import { formatCharge } from "@/components/commerce/money";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";

export const metadata: Metadata = { title: "Your purchase" };

type Params = Promise<{ slug: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** While the provider's confirmation has not arrived: reload every few seconds, for about two minutes, then leave it to the visitor. */
const RELOAD_SECONDS = 3;
const MAX_RELOADS = 40;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Where every provider sends the buyer back after paying. The purchase exists
 * only once the provider's signed event has been applied, which may come a
 * moment after the buyer does: until then the page says it is waiting and
 * reloads itself (a meta refresh, no script).
 */
export default async function PurchaseCompletePage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { slug } = await params;
  const query = await searchParams;
  const checkoutId = one(query.checkout) ?? "";
  const reloads = Math.max(0, Math.min(MAX_RELOADS, Number.parseInt(one(query.wait) ?? "0", 10) || 0));
  const here = (wait?: number) =>
    `/plugins/${encodeURIComponent(slug)}/buy/complete?${new URLSearchParams({ checkout: checkoutId, ...(wait ? { wait: String(wait) } : {}) })}`;
  const caller = await requireCaller(here());
  const checkout = await (await api()).commerce.checkout({ id: checkoutId });
  if (!checkout || checkout.slug !== slug) notFound();
  const pluginHref = `/plugins/${encodeURIComponent(slug)}`;
  const amount = formatCharge(checkout.amount, checkout.currency);

  if (checkout.status === "paid") {
    return (
      <div className="container narrow-wide">
        <section className="form-card" aria-labelledby="done-title">
          <p className="status paid">Payment confirmed</p>
          <h1 id="done-title">You own {checkout.name}</h1>
          <p className="lead">
            Thank you! You paid {amount} ({checkout.currency}). It is in <Link href="/purchases">My purchases</Link>.
          </p>
          <h2>Install it</h2>
          <InstallButton slug={slug} name={checkout.name} plan={caller.account.plan} />
          {grants(caller.account.plan, "pluginDownload") ? (
            <ol className="steps">
              <li>Open the Streamkit desktop app, signed in with this account.</li>
              <li>
                Find <strong>{checkout.name}</strong> among the plugins and install it; the app shows its permissions before you enable it.
              </li>
              <li>Updates come to you as the author publishes them; you never pay again for this plugin.</li>
            </ol>
          ) : (
            <p>The plugin stays yours: install it whenever your plan includes installing, with every update since, at no further charge.</p>
          )}
          <p className="muted">
            From a script instead: <code>streamkit-plugin download {slug}</code>, or <code>GET /api/v1/plugins/{slug}/package</code> with an{" "}
            <Link href="/dashboard/keys">API key</Link> ({planTitles(plansGranting("pluginDownload"))} plan).
          </p>
          <div className="form-actions">
            <Link href={pluginHref} className="button secondary">
              Back to {checkout.name}
            </Link>
          </div>
        </section>
      </div>
    );
  }

  if (checkout.status === "duplicate") {
    return (
      <div className="container narrow-wide">
        <section className="form-card" aria-labelledby="done-title">
          <h1 id="done-title">You already own {checkout.name}</h1>
          <p className="lead">This was a second payment for a plugin you had already bought, so it is being refunded to you ({amount}). Nobody pays twice.</p>
          <Link href="/purchases">My purchases</Link>
        </section>
      </div>
    );
  }

  if (checkout.status === "cancelled") {
    return (
      <div className="container narrow-wide">
        <section className="form-card" aria-labelledby="done-title">
          <h1 id="done-title">The payment did not go through</h1>
          <p className="lead">This checkout was cancelled or expired; nothing was charged.</p>
          <Link href={`${pluginHref}/buy`} className="button">
            Try again
          </Link>
        </section>
      </div>
    );
  }

  const keepWaiting = reloads < MAX_RELOADS;
  return (
    <div className="container narrow-wide">
      {keepWaiting ? <meta httpEquiv="refresh" content={`${RELOAD_SECONDS}; url=${here(reloads + 1)}`} /> : null}
      <section className="form-card" aria-labelledby="done-title" aria-busy={keepWaiting}>
        <p className="status pending">Waiting</p>
        <h1 id="done-title">Waiting for the payment confirmation</h1>
        <p className="lead">
          {checkout.name}, {amount} ({checkout.currency}). The payment provider confirms payments to us directly; that usually takes a few seconds.
        </p>
        {keepWaiting ? (
          <p className="muted" role="status">
            This page checks again every {RELOAD_SECONDS} seconds.
          </p>
        ) : (
          <p className="notice" role="status">
            This is taking longer than usual. If you were charged, the purchase will appear in <Link href="/purchases">My purchases</Link> as soon as the
            confirmation arrives; nothing is lost. Checkout reference: <code>{checkout.id}</code>.
          </p>
        )}
        <div className="form-actions">
          <Link href={here()} className="button secondary">
            Check again
          </Link>
        </div>
        <p className="muted">
          Left the payment page without paying? <Link href={`${pluginHref}/buy`}>Go back to buying {checkout.name}</Link>.
        </p>
      </section>
    </div>
  );
}
