import { RegionPicker } from "./region-picker";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <span>© {new Date().getUTCFullYear()} Streamkit · Plugins, overlays and exchange rates for streamers</span>
        <RegionPicker />
      </div>
    </footer>
  );
}
