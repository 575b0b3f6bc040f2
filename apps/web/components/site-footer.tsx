import Link from "next/link";
import { RegionPicker } from "./region-picker";

export function SiteFooter() {
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
        <RegionPicker />
      </div>
    </footer>
  );
}
