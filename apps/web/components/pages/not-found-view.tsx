import Link from "next/link";

/** What an address with nothing behind it shows. */
export function PageNotFound() {
  return (
    <div className="container">
      <div className="empty">
        <h1>Page not found</h1>
        <p>Nothing lives at this address.</p>
        <Link href="/" className="button secondary">
          Go to the marketplace
        </Link>
      </div>
    </div>
  );
}

/** What a plugin's address shows once nothing is published there. */
export function PluginNotFound() {
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
