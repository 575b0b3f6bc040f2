import { env, readAuthorizationRequest } from "@streamkit/api";
import { scopeDescriptions } from "@streamkit/api-contract";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ConsentForm } from "@/components/oauth/consent-form";
import { OAuthErrorPanel } from "@/components/oauth/oauth-error-panel";
import { requireCaller } from "@/lib/server/auth";

export const metadata: Metadata = { title: "Sign in to the desktop app", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The query again, repeats kept, as the consent form sends it back. */
function queryString(params: Record<string, string | string[] | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(name, one);
  return query.toString();
}

/**
 * The authorization endpoint (RFC 6749 §4.1.1), GET: a request the app cannot
 * be told about is refused here, on the site; one the app can be told is
 * wrong goes back to it with error, state and iss; a valid one asks a
 * signed-out visitor to sign in first, then shows the consent page.
 */
export default async function AuthorizePage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const issuer = env().PUBLIC_URL;
  const outcome = readAuthorizationRequest(params, issuer);
  if (outcome.kind === "refused") return <OAuthErrorPanel title={outcome.title} message={outcome.message} />;
  if (outcome.kind === "redirect") redirect(outcome.location);
  const query = queryString(params);
  const { account } = await requireCaller(`/oauth/authorize?${query}`);
  const { request } = outcome;
  const loopback = request.redirectUri.startsWith("http://");
  return (
    <div className="container narrow">
      <section className="panel oauth-panel" aria-labelledby="consent-title">
        <h1 id="consent-title">Sign in to the {request.client.name}?</h1>
        <p>
          The <strong>{request.client.name}</strong>
          {request.deviceLabel ? (
            <>
              {" "}
              on <strong>{request.deviceLabel}</strong>
            </>
          ) : null}{" "}
          asks to use your account{" "}
          <strong>
            {account.name}
            {account.email ? ` (${account.email})` : ""}
          </strong>
          . It will be able to:
        </p>
        <ul className="scope-list">
          {request.scopes.map((scope) => (
            <li key={scope}>
              <span>{scopeDescriptions[scope]}</span> <code>{scope}</code>
            </li>
          ))}
          {request.scopes.length === 0 ? <li>See your account’s name and plan, and nothing else.</li> : null}
        </ul>
        <p className="muted">
          {loopback
            ? "After you answer, your browser goes back to the app on this computer."
            : "After you answer, your browser offers to open the Streamkit app."}{" "}
          You can end this sign-in at any time on <a href="/account/connected-apps">Connected apps</a>. Only allow it if you just started signing in from the
          app yourself.
        </p>
        <ConsentForm query={query} appName={request.client.name.replace(/ app$/, "")} />
      </section>
    </div>
  );
}
