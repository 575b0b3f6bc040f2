import Link from "next/link";

/** A refused sign-in request, shown on the site because the app cannot safely be told. */
export function OAuthErrorPanel({ title, message }: { title: string; message: string }) {
  return (
    <div className="container narrow">
      <section className="panel oauth-panel" aria-labelledby="oauth-error-title">
        <h1 id="oauth-error-title">{title}</h1>
        <p role="alert">{message}</p>
        <p className="muted">
          Nothing was shared with any app. <Link href="/desktop">About the desktop app</Link>
        </p>
      </section>
    </div>
  );
}
