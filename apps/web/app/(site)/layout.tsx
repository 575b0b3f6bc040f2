import type { ReactNode } from "react";
import { RegionPicker } from "@/components/region-picker";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { TrpcProvider } from "@/lib/trpc/client";

/** Every page rendered for its visitor: the header and the region picker read the session and the region. */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main">
        <TrpcProvider>{children}</TrpcProvider>
      </main>
      <SiteFooter regionPicker={<RegionPicker />} />
    </>
  );
}
