import type { Metadata } from "next";
import Link from "next/link";
import { outcomeWords } from "@/components/oauth/outcome-words";

export const metadata: Metadata = { title: "Desktop sign-in", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Where the desktop app's loopback listener sends the browser once it has the
 * answer: `?status=success`, or `?status=error&error=<RFC 6749 code>`.
 */
export default async function DesktopSignInDonePage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const success = params.status === "success";
  const error = typeof params.error === "string" ? params.error : undefined;
  return (
    <div className="container narrow">
      <section className="panel oauth-panel" aria-labelledby="done-title">
        <h1 id="done-title">{success ? "You’re signed in to the Streamkit app" : "The app could not sign you in"}</h1>
        <p role="status">{success ? "You can close this tab and go back to the app." : outcomeWords(error)}</p>
        <p className="muted">
          {success ? (
            <>
              You can end this sign-in at any time on <Link href="/account/connected-apps">Connected apps</Link>.
            </>
          ) : (
            <>
              Then close this tab. <Link href="/desktop">About the desktop app</Link>
            </>
          )}
        </p>
      </section>
    </div>
  );
}
