import type { Metadata } from "next";
import { loadPlugin, PluginDetails, pluginMetadata } from "@/components/pages/plugin-details";
import { loadReviews } from "@/components/reviews/plugin-reviews";
import { anonymousApi } from "@/lib/server/api";
import { cachedRegion } from "@/lib/server/cached-region";

type Params = Promise<{ region: string; slug: string }>;

// Segment config (literals, read by Next at build): never read the request; render on first visit, keep, and re-render in the background at most once a minute.
export const dynamic = "error";
export const revalidate = 60;
export const generateStaticParams = () => [];

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return pluginMetadata(await anonymousApi(), (await params).slug);
}

/** A plugin's page as every visitor of a region sees it (lib/cached-pages.ts); on a members' copy the browser fills in the account's price box. */
export default async function CachedPluginPage({ params }: { params: Params }) {
  const { slug } = await params;
  const [{ buyer, member }, plugin] = await Promise.all([cachedRegion(params), anonymousApi().then((caller) => loadPlugin(caller, slug))]);
  // After the plugin: an unknown one is the not-found page, never an error of its reviews.
  const reviews = await loadReviews(await anonymousApi(), slug);
  return <PluginDetails plugin={plugin} buyer={buyer} viewer={member ? "member" : "signed-out"} reviews={reviews} />;
}
