import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { TrpcProvider } from "@/lib/trpc/client";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Streamkit Marketplace", template: "%s · Streamkit" },
  description: "Lua plugins for your live stream: chat commands, alerts, OBS automation, overlays and more.",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#17171f" },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main">
          <TrpcProvider>{children}</TrpcProvider>
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
