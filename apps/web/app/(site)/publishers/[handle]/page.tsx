import type { PublisherPage } from "@streamkit/api-contract";
import type { Metadata } from "next";
import Link from "next/link";
import { permanentRedirect } from "next/navigation";
import { buyerCountry } from "@/components/commerce/buyer";
import { formatDate, plural } from "@/components/format";
import { Pager } from "@/components/pager";
import { PluginCard } from "@/components/plugin-card";
import { VerifiedMark } from "@/components/verified-mark";
import { api, type PageApi } from "@/lib/server/api";
import { orNotFound } from "@/lib/server/errors";

const PAGE_SIZE = 12;

type Params = Promise<{ handle: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function load(caller: PageApi, handle: string, cursor?: string): Promise<PublisherPage> {
  return orNotFound(caller.publishers.get({ handle, cursor, limit: PAGE_SIZE }));
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  try {
    const { publisher } = await load(await api(), decodeURIComponent((await params).handle));
    return { title: `${publisher.name} — publisher`, description: `Plugins by ${publisher.name} on Streamkit.` };
  } catch {
    return { title: "Publisher not found" };
  }
}

/** What was verified, in words: the domains, the operators' check, or both. */
function verifiedBy(verification: PublisherPage["publisher"]["verification"]): string {
  const parts = [];
  if (verification.domains.length > 0) parts.push(`controls ${verification.domains.join(", ")}`);
  if (verification.byOperator) parts.push("checked by the Streamkit team");
  return parts.join("; ");
}

function pageHref(handle: string, cursor: string | undefined, trail: string[]): string {
  const query = new URLSearchParams();
  if (cursor) query.set("cursor", cursor);
  if (trail.length > 0) query.set("trail", trail.join("."));
  const text = query.toString();
  return `/publishers/${encodeURIComponent(handle)}${text ? `?${text}` : ""}`;
}

/** A publisher's page (docs/plugins.md#publishers): who they are, what was verified, and their plugins a page at a time. */
export default async function PublisherPageView({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const handle = decodeURIComponent((await params).handle);
  const query = await searchParams;
  const cursor = one(query.cursor) || undefined;
  const trailParam = one(query.trail);
  const trail = trailParam === undefined ? [] : trailParam.split(".");
  const [page, { country }] = await Promise.all([api().then((caller) => load(caller, handle, cursor)), buyerCountry()]);
  const { publisher } = page;
  // A former handle leads to the current one.
  if (publisher.handle !== handle.toLowerCase() || handle !== handle.toLowerCase()) permanentRedirect(pageHref(publisher.handle, cursor, trail));
  return (
    <div className="container">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link href="/">Marketplace</Link> / <span aria-current="page">{publisher.name}</span>
      </nav>
      <header className="page-head">
        <div>
          <h1>
            {publisher.name} {publisher.verified ? <VerifiedMark /> : null}
            {publisher.kind === "official" ? <span className="badge official">Official</span> : null}
          </h1>
          <p className="muted">
            @{publisher.handle} · Member since <time dateTime={publisher.memberSince}>{formatDate(publisher.memberSince)}</time>
          </p>
          {publisher.verified ? (
            <p data-testid="verified-by">Verified publisher: {verifiedBy(publisher.verification)}.</p>
          ) : (
            <p className="muted">This publisher is not verified.</p>
          )}
        </div>
      </header>
      <section aria-labelledby="publisher-plugins">
        <div className="results-meta">
          <h2 id="publisher-plugins">Plugins</h2>
          <span>{plural(page.items.length, "plugin")} on this page</span>
        </div>
        {page.items.length === 0 ? (
          <div className="empty">
            <p>No plugins listed{cursor ? " on this page" : " yet"}.</p>
          </div>
        ) : (
          <ul className="card-grid" aria-label={`Plugins by ${publisher.name}`}>
            {page.items.map((plugin) => (
              <li key={plugin.id}>
                <PluginCard plugin={plugin} country={country} />
              </li>
            ))}
          </ul>
        )}
        <Pager
          previous={trail.length > 0 ? pageHref(publisher.handle, trail.at(-1) || undefined, trail.slice(0, -1)) : null}
          next={page.next ? pageHref(publisher.handle, page.next, [...trail, cursor ?? ""]) : null}
        />
      </section>
    </div>
  );
}
