import { notFound } from "next/navigation";
import { MyPluginsView, myPluginsMetadata } from "@/components/dashboard/my-plugins-view";
import { cachedRegion } from "@/lib/server/cached-region";

export const metadata = myPluginsMetadata;

// Segment config (literals, read by Next at build): never read the request; render on first visit, keep, and re-render in the background at most once a minute.
export const dynamic = "error";
export const revalidate = 60;
export const generateStaticParams = () => [];

/** My plugins as every signed-in account of a region shares it (lib/cached-pages.ts): the browser reads the list. Members only: a signed-out visitor is sent to sign in by the page rendered for them. */
export default async function CachedMyPluginsPage({ params }: { params: Promise<{ region: string }> }) {
  const { member } = await cachedRegion(params);
  if (!member) notFound();
  return <MyPluginsView />;
}
