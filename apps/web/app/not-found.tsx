import Link from "next/link";

export default function NotFound() {
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
