import type { Metadata } from "next";
import { buyerCountry } from "@/components/commerce/buyer";
import { loadPlugin, PluginDetails, pluginMetadata } from "@/components/pages/plugin-details";
import { api } from "@/lib/server/api";
import { currentCaller } from "@/lib/server/auth";

type Params = Promise<{ slug: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return pluginMetadata(await api(), (await params).slug);
}

export default async function PluginPage({ params }: { params: Params }) {
  const { slug } = await params;
  const [plugin, buyer, caller] = await Promise.all([api().then((caller) => loadPlugin(caller, slug)), buyerCountry(), currentCaller()]);
  return <PluginDetails plugin={plugin} buyer={buyer} viewer={caller ? "signed-in" : "signed-out"} plan={caller?.account.plan} />;
}
