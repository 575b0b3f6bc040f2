import { findOAuthClient } from "@streamkit/api";
import type { Metadata } from "next";
import { OAuthErrorPanel } from "@/components/oauth/oauth-error-panel";
import { OpenDeepLink } from "@/components/oauth/open-deep-link";
import { outcomeWords } from "@/components/oauth/outcome-words";

export const metadata: Metadata = { title: "Return to Streamkit", robots: { index: false }, referrer: "no-referrer" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The answer's parameters a deep link carries (RFC 6749 §4.1.2 and §4.1.2.1, RFC 9207). */
const carried = ["code", "state", "iss", "error", "error_description"] as const;

/**
 * "Signed in — return to Streamkit": the consent page's answer for an app
 * that registered a deep link. The deep link is the client's registered one,
 * never an address from the URL; the page opens it by itself and keeps a
 * button for browsers that ask first.
 */
export default async function ReturnToAppPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const one = (name: string) => {
    const value = params[name];
    return typeof value === "string" ? value.slice(0, 2_000) : undefined;
  };
  const client = findOAuthClient(one("client_id"));
  const target = client?.exactRedirects[0];
  if (!client || !target || (!one("code") && !one("error")))
    return <OAuthErrorPanel title="Nothing to return" message="This page finishes a sign-in started from the Streamkit app. Start again from the app." />;
  const deepLink = new URL(target);
  for (const name of carried) {
    const value = one(name);
    if (value !== undefined) deepLink.searchParams.set(name, value);
  }
  const error = one("error");
  return (
    <div className="container narrow">
      <section className="panel oauth-panel" aria-labelledby="return-title">
        <h1 id="return-title">{error ? "Sign-in not finished — return to Streamkit" : "Signed in — return to Streamkit"}</h1>
        <p>{error ? outcomeWords(error) : `The ${client.name} is opening to finish signing you in.`}</p>
        <p className="muted">If your browser asks whether to open Streamkit, allow it. Nothing happened? Press the button.</p>
        <div className="form-actions">
          <OpenDeepLink href={deepLink.href} label="Open Streamkit" />
        </div>
        <p className="muted">Once the app has opened, you can close this tab.</p>
      </section>
    </div>
  );
}
