import type { ListingDetail } from "@streamkit/api-contract";
import type { PlanName } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { formatCount, formatDate, plural } from "@/components/format";
import { BuyBoxAction } from "@/components/commerce/buy-box-action";
import { CategoryLink, TagLinks } from "@/components/discovery/topic-links";
import type { BuyerCountry } from "@/components/commerce/buyer";
import { PermissionList } from "@/components/permission-list";
import { formatPrice } from "@/components/price-tag";
import { PublisherName } from "@/components/publisher-name";
import { InstallButton } from "@/components/install/install-button";
import { Markdown } from "@/components/markdown/markdown";
import { MemberBuyBox, MemberInstall } from "@/components/member/member-buy-box";
import { VersionList } from "@/components/version-list";
import { ReportPlugin } from "@/components/moderation/report-plugin";
import { TakenDownNotice } from "@/components/moderation/taken-down-notice";
import { PluginReviews, type ReviewsView } from "@/components/reviews/plugin-reviews";
import { RatingSummary } from "@/components/reviews/rating-summary";
import type { PageApi } from "@/lib/server/api";
import { orNotFound } from "@/lib/server/errors";
import { env } from "@streamkit/api";
import { PluginIcon } from "@/components/plugin-icon";
import { PluginScreenshots } from "./plugin-screenshots";
import { pluginSocialMetadata } from "./plugin-social-meta";

/** The plugin at `slug` (its not-found page otherwise). */
export async function loadPlugin(caller: PageApi, slug: string): Promise<ListingDetail> {
  return (await orNotFound(caller.plugins.get({ slug }))).item;
}

export async function pluginMetadata(caller: PageApi, slug: string): Promise<Metadata> {
  try {
    const plugin = await loadPlugin(caller, slug);
    return { title: plugin.name, description: plugin.description, ...pluginSocialMetadata(plugin, env().PUBLIC_URL) };
  } catch {
    return { title: "Plugin not found" };
  }
}

/**
 * Whom the page is rendered for: a signed-out visitor or a signed-in one
 * (their own page, or a shared copy), or a members' copy
 * (lib/cached-pages.ts), whose price box the browser fills in for the account.
 */
export type PluginViewer = "signed-out" | "signed-in" | "member";

/**
 * A plugin's page for one visitor (app/(site)) or every visitor of a region (app/cached).
 * `buyer`: the account's country when signed in, else the visitor's region — what the checkout will charge.
 * `plan`: the signed-in visitor's plan on a page rendered for them (a members' copy reads it in the browser).
 */
export function PluginDetails({
  plugin,
  buyer,
  viewer,
  plan,
  reviews,
}: {
  plugin: ListingDetail;
  buyer: BuyerCountry;
  viewer: PluginViewer;
  plan?: PlanName;
  /** Its reviews (components/reviews), when the page read them. */
  reviews?: ReviewsView;
}) {
  const { country, currency, source } = buyer;
  const signedIn = viewer !== "signed-out";
  const boxPlugin = { slug: plugin.slug, name: plugin.name, price: plugin.price, mine: plugin.mine, owned: plugin.owned, priceRequest: plugin.priceRequest };
  const priceText = plugin.price ? formatPrice(plugin.price, country) : "";

  return (
    <div className="container">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link href="/">Marketplace</Link> / <span aria-current="page">{plugin.name}</span>
      </nav>

      {plugin.takenDown ? <TakenDownNotice name={plugin.name} takenDown={plugin.takenDown} /> : null}
      <header className="plugin-head">
        <div>
          <PluginIcon icon={plugin.icon} name={plugin.name} size={96} className="card" />
          <h1>{plugin.name}</h1>
          <div className="meta-row">
            <PublisherName publisher={plugin.publisher} />
            <span className="badge">v{plugin.version}</span>
            <span>{plural(plugin.downloads, "download")}</span>
            <span>Updated {formatDate(plugin.updatedAt)}</span>
            <a href="#reviews">
              <RatingSummary rating={plugin.rating} />
            </a>
          </div>
          {plugin.category || plugin.tags.length > 0 ? (
            <div className="topic-row">
              <CategoryLink category={plugin.category} />
              <TagLinks tags={plugin.tags} />
            </div>
          ) : null}
          {plugin.description ? <Markdown className="lede">{plugin.description}</Markdown> : null}
        </div>
        <aside className="buy-box" aria-label="Price" hidden={Boolean(plugin.takenDown)}>
          {plugin.price ? (
            <>
              <span className="amount">{formatPrice(plugin.price, country)}</span>
              <small>
                One-time price {currency === "INR" ? "in India" : "outside India"} ({currency}){source === "account" ? ", from your account's country" : ""}.
              </small>
              {viewer === "member" ? (
                <MemberBuyBox plugin={boxPlugin} priceText={priceText} />
              ) : (
                <BuyBoxAction plugin={plugin} signedIn={signedIn} priceText={priceText} plan={plan} />
              )}
            </>
          ) : (
            <>
              <span className="amount price free">Free</span>
              {viewer === "member" ? (
                <MemberInstall slug={plugin.slug} name={plugin.name} />
              ) : (
                <InstallButton slug={plugin.slug} name={plugin.name} plan={plan} />
              )}
              {viewer === "member" ? (
                <MemberBuyBox plugin={boxPlugin} priceText="" />
              ) : plugin.mine ? (
                <BuyBoxAction plugin={plugin} signedIn={signedIn} priceText="" plan={plan} />
              ) : null}
            </>
          )}
          {plugin.homepage ? (
            <a href={plugin.homepage} rel="noopener noreferrer nofollow" target="_blank">
              Homepage ↗
            </a>
          ) : null}
          <small>
            Plugin id <code>{plugin.slug}</code>
          </small>
          {signedIn && !plugin.mine ? <ReportPlugin slug={plugin.slug} name={plugin.name} /> : null}
        </aside>
      </header>

      <PluginScreenshots screenshots={plugin.screenshots} name={plugin.name} />
      <div className="layout-2">
        <section className="panel" aria-labelledby="versions-title">
          <h2 id="versions-title">Version history</h2>
          <VersionList versions={plugin.versions} />
        </section>
        <section className="panel" aria-labelledby="permissions-title">
          <h2 id="permissions-title">Permissions</h2>
          <p className="muted">When you enable this plugin, you approve that it may:</p>
          <PermissionList permissions={plugin.permissions} />
          <p className="muted">
            <small>
              {formatCount(plugin.permissions.length)} permission{plugin.permissions.length === 1 ? "" : "s"} requested.
            </small>
          </p>
        </section>
      </div>
      {reviews && !plugin.takenDown ? (
        <PluginReviews slug={plugin.slug} view={reviews} signedIn={signedIn} author={viewer === "member" ? undefined : plugin.mine} />
      ) : null}
    </div>
  );
}
