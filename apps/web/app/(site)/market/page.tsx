import { Pager } from "@/components/pager";
import { type ItemKind, itemKinds, marketLimits } from "@streamkit/api-contract";
import { type PlanName, planNames, plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/server/api";
import { domainError } from "@/lib/server/errors";
import { MarketCard } from "./market-card";
import styles from "./market.module.css";

export const metadata: Metadata = {
  title: "Market",
  description: "Widgets, overlays and themes for your stream — chat boxes, goal bars, alerts, full scene sets — to add to your inventory.",
};

const PAGE_SIZE = 24;
const kindTitles: Record<ItemKind, string> = { widget: "Widgets", overlay: "Overlays", theme: "Themes" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function pageHref(filters: { q?: string; itemKind?: string; plan?: string }, offset: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (offset > 0) params.set("offset", String(offset));
  const query = params.toString();
  return query ? `/market?${query}` : "/market";
}

/**
 * The streamer's market: widgets, overlays and themes, each drawn by the one
 * renderer (the API's preview image), filtered by kind, plan and a search,
 * paged by offset like GET /api/v1/market. A shop window: anyone may look.
 */
export default async function MarketPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const q = one(params.q)?.trim() || undefined;
  const itemKind = itemKinds.includes(one(params.itemKind) as ItemKind) ? (one(params.itemKind) as ItemKind) : undefined;
  const plan = planNames.includes(one(params.plan) as PlanName) ? (one(params.plan) as PlanName) : undefined;
  const offset = Math.max(0, Math.floor(Number(one(params.offset)) || 0));
  const filters = { q, itemKind, plan };

  let page: Awaited<ReturnType<Awaited<ReturnType<typeof api>>["market"]["list"]>> | null = null;
  let problem: string | null = null;
  try {
    page = await (await api()).market.list({ q, itemKind, plan, limit: PAGE_SIZE, offset });
  } catch (error) {
    if (domainError(error, "query")?.code !== "bad_request") throw error;
    problem =
      q && q.length > marketLimits.maxQueryLength ? `Search for at most ${marketLimits.maxQueryLength} characters.` : "That page link is no longer valid.";
  }

  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Market</h1>
          <p>
            Widgets, overlays and themes for your stream. {plans.free.title} adds the free ones, {plans.pro.title} the {plans.free.title} and {plans.pro.title}{" "}
            ones, {plans.ultimate.title} everything; a theme needs the plan of its most demanding part.
          </p>
        </div>
        <Link href="/inventory" className="button secondary">
          My inventory
        </Link>
      </div>
      <search>
        <form className={styles.filters} action="/market" method="get" aria-label="Filter the market">
          <div className="field">
            <label htmlFor="market-q">Search</label>
            <input id="market-q" name="q" type="search" defaultValue={q} placeholder="e.g. “chat” or “goal”" maxLength={marketLimits.maxQueryLength} />
          </div>
          <div className="field">
            <label htmlFor="market-kind">Kind</label>
            <select id="market-kind" name="itemKind" defaultValue={itemKind ?? ""}>
              <option value="">All kinds</option>
              {itemKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {kindTitles[kind]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="market-plan">Plan</label>
            <select id="market-plan" name="plan" defaultValue={plan ?? ""}>
              <option value="">All plans</option>
              {planNames.map((name) => (
                <option key={name} value={name}>
                  {plans[name].title}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            Show
          </button>
        </form>
      </search>

      {problem ? (
        <div className="empty" role="alert">
          <p>{problem}</p>
          <Link href="/market" className="button secondary">
            Back to the market
          </Link>
        </div>
      ) : page && page.items.length === 0 ? (
        <div className="empty">
          <p>{q || itemKind || plan ? "Nothing in the market matches these filters." : "The market is empty."}</p>
          <Link href="/market" className="button secondary">
            Show everything
          </Link>
        </div>
      ) : page ? (
        <>
          <h2 className="visually-hidden">Results</h2>
          <ul className="catalog-grid" aria-label="Market items">
            {page.items.map((item) => (
              <li key={item.slug}>
                <MarketCard item={item}>{item.members ? <p className="hint">{item.members.length} items in this theme</p> : null}</MarketCard>
              </li>
            ))}
          </ul>
          <Pager
            previous={offset > 0 ? pageHref(filters, Math.max(0, offset - PAGE_SIZE)) : null}
            next={page.nextOffset !== null ? pageHref(filters, page.nextOffset) : null}
          />
        </>
      ) : null}
    </div>
  );
}
