import type { Metadata } from "next";
import { buyerCountry } from "@/components/commerce/buyer";
import { loadPlugin, PluginDetails, pluginMetadata } from "@/components/pages/plugin-details";
import { loadReviews } from "@/components/reviews/plugin-reviews";
import { api } from "@/lib/server/api";
import { currentCaller } from "@/lib/server/auth";

type Params = Promise<{ slug: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return pluginMetadata(await api(), (await params).slug);
}

export default async function PluginPage({ params, searchParams }: { params: Params; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { slug } = await params;
  const after = (await searchParams)["reviews-after"];
  const [plugin, buyer, caller] = await Promise.all([api().then((caller) => loadPlugin(caller, slug)), buyerCountry(), currentCaller()]);
  const reviews = plugin.takenDown
    ? undefined
    : await loadReviews(await api(), slug, { after: typeof after === "string" ? after : undefined, signedIn: Boolean(caller) });
  return <PluginDetails plugin={plugin} buyer={buyer} viewer={caller ? "signed-in" : "signed-out"} plan={caller?.account.plan} reviews={reviews} />;
}
