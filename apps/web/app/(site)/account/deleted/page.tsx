import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Account deleted" };

export default function AccountDeletedPage() {
  return (
    <div className="container narrow">
      <section className="form-card" aria-labelledby="deleted-title">
        <h1 id="deleted-title">Your account is deleted</h1>
        <p className="lead">Your personal data is erased and you are signed out everywhere. Thank you for using Streamkit.</p>
        <div className="form-actions">
          <Link href="/" className="button secondary">
            Back to the marketplace
          </Link>
        </div>
      </section>
    </div>
  );
}
