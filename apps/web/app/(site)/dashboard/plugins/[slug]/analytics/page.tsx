import { type AnalyticsGranularity, analyticsGranularities } from "@streamkit/api-contract";
import type { Metadata } from "next";
import Link from "next/link";
import { AnalyticsRangeForm } from "@/components/analytics/range-form";
import { PluginAnalyticsView } from "@/components/analytics/plugin-analytics-view";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { domainError } from "@/lib/server/errors";
import { notFound } from "next/navigation";

export const metadata: Metadata = { title: "Plugin analytics" };

const DAY = 24 * 60 * 60 * 1000;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** An author's analytics of one plugin (docs/analytics.md): the last 30 UTC days unless the address names a range. */
export default async function PluginAnalyticsPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { slug } = await params;
  await requireCaller(`/dashboard/plugins/${encodeURIComponent(slug)}/analytics`);
  const search = await searchParams;
  const today = new Date().toISOString().slice(0, 10);
  const to = one(search.to) || today;
  const from = one(search.from) || new Date(Date.parse(`${/^\d{4}-\d{2}-\d{2}$/.test(to) ? to : today}T00:00:00Z`) - 29 * DAY).toISOString().slice(0, 10);
  const asked = one(search.granularity);
  const granularity: AnalyticsGranularity = analyticsGranularities.includes(asked as AnalyticsGranularity) ? (asked as AnalyticsGranularity) : "day";

  let analytics: Awaited<ReturnType<Awaited<ReturnType<typeof api>>["plugins"]["analytics"]>> | null = null;
  let problem: string | null = null;
  try {
    analytics = await (await api()).plugins.analytics({ slug, from, to, granularity });
  } catch (error) {
    const known = domainError(error, "query");
    if (known?.code === "not_found") notFound();
    if (known?.code !== "bad_request") throw error;
    problem = known.details && Array.isArray(known.details) ? known.details.map((d) => (d as { message: string }).message).join(" ") : known.message;
  }

  return (
    <div className="container">
      <div className="page-head">
        <div>
          <p className="muted">
            <Link href="/dashboard/plugins">My plugins</Link> / <code>{slug}</code>
          </p>
          <h1>Analytics{analytics ? ` of ${analytics.name}` : ""}</h1>
          <p>
            Downloads, sales and refunds of your plugin by UTC day. The same figures are in the CSV and through the API (GET /api/v1/plugins/{"{slug}"}
            /analytics).
          </p>
        </div>
      </div>
      <AnalyticsRangeForm from={from} to={to} granularity={granularity} />
      {problem ? (
        <p className="problem" role="alert" data-testid="range-problem">
          {problem}
        </p>
      ) : null}
      {analytics ? <PluginAnalyticsView analytics={analytics} /> : null}
    </div>
  );
}
