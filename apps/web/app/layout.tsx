import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";
// In the site-wide stylesheet rather than its pages' own: the header links /rates, a cached page Next prefetches whole,
// and a prefetched page's own stylesheet is preloaded — "preloaded but not used" on every page that does not show a chart.
import "@/components/charts/line-chart.module.css";
// Likewise for plugins' icons: every marketplace card shows one, and the header's Marketplace link is prefetched.
import "@/components/plugin-media.module.css";

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

/**
 * The document. The header, main and footer come from the two layouts below it:
 * app/(site) for pages rendered per visitor, app/cached for the copies every
 * signed-out visitor of a region shares (lib/cached-pages.ts).
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
      </body>
    </html>
  );
}
