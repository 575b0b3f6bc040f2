import Link from "next/link";

export default function PublisherNotFound() {
  return (
    <div className="container">
      <div className="empty">
        <h1>Publisher not found</h1>
        <p>No publisher has this address.</p>
        <Link href="/" className="button secondary">
          Browse the marketplace
        </Link>
      </div>
    </div>
  );
}
