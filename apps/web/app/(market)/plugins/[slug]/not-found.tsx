import Link from "next/link";

export default function PluginNotFound() {
  return (
    <div className="container">
      <div className="empty">
        <h1>Plugin not found</h1>
        <p>There is no plugin at this address. It may have been removed from the marketplace.</p>
        <Link href="/" className="button secondary">
          Browse the marketplace
        </Link>
      </div>
    </div>
  );
}
