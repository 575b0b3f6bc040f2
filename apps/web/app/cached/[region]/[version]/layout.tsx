import type { ReactNode } from "react";
import { RegionPickerView } from "@/components/region-picker";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeaderView } from "@/components/site-header";
import { cachedRegion } from "@/lib/server/cached-region";
import { TrpcProvider } from "@/lib/trpc/client";

type Params = Promise<{ region: string; version: string }>;

/**
 * The copies of pages every visitor of a region shares (lib/cached-pages.ts):
 * server.ts sends them here by a rewrite, and nothing below reads the request
 * — so Next renders each once per region and data version and keeps it (ISR).
 * The header is the signed-out one, or on a members' copy an account menu the
 * browser fills in; the region decides the prices and the footer's picker.
 */
export default async function CachedLayout({ children, params }: { children: ReactNode; params: Params }) {
  const { buyer, picked, member } = await cachedRegion(params);
  return (
    <>
      <TrpcProvider>
        <SiteHeaderView account={member ? "member" : null} />
        <main id="main">{children}</main>
      </TrpcProvider>
      <SiteFooter regionPicker={<RegionPickerView buyer={buyer} picked={picked} />} />
    </>
  );
}
