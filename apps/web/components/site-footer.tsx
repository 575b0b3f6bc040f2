import Link from "next/link";
import type { ReactNode } from "react";

/** The footer, with the region picker of the page (the visitor's, or a cached page's region). */
export function SiteFooter({ regionPicker }: { regionPicker: ReactNode }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-start">
          <span>© {new Date().getUTCFullYear()} Streamkit · Plugins, overlays and exchange rates for streamers</span>
          <nav className="footer-links" aria-label="Footer">
            <Link href="/download">Download the app</Link>
            <Link href="/desktop">The desktop app</Link>
          </nav>
        </div>
        {regionPicker}
      </div>
    </footer>
  );
}
