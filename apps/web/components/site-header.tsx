import Link from "next/link";
import { isAuthor } from "@/components/commerce/buyer";
import { currentCaller } from "@/lib/server/auth";
import { signOut } from "@/lib/server/auth-actions";

export async function SiteHeader() {
  const caller = await currentCaller();
  const author = caller ? await isAuthor() : false;
  return (
    <header className="site-header">
      <div className="container">
        <Link href="/" className="brand" aria-label="Streamkit Marketplace, home">
          <span className="brand-mark" aria-hidden="true">
            ▶
          </span>
          Streamkit
        </Link>
        <nav className="site-nav" aria-label="Main">
          <Link href="/">Marketplace</Link>
          <Link href="/publishing">Publish</Link>
          <Link href="/plans">Plans</Link>
          <Link href="/rates">Currency converter</Link>
          <Link href="/docs">API</Link>
        </nav>
        <div className="header-actions">
          {caller ? (
            <>
              <Link href="/account" className="account-link">
                <span className="avatar" aria-hidden="true">
                  {caller.account.name.slice(0, 1).toUpperCase()}
                </span>
                <span data-testid="signed-in-as">{caller.account.name}</span>
              </Link>
              <Link href="/purchases">My purchases</Link>
              <Link href="/dashboard/plugins">My plugins</Link>
              {author ? (
                <>
                  <Link href="/dashboard/pricing">Pricing</Link>
                  <Link href="/dashboard/sales">Sales</Link>
                </>
              ) : null}
              <Link href="/dashboard/keys">API keys</Link>
              {caller.account.staff ? <Link href="/admin">Admin</Link> : null}
              <form action={signOut}>
                <button type="submit" className="button secondary small">
                  Sign out
                </button>
              </form>
            </>
          ) : (
            <>
              <Link href="/sign-in">Sign in</Link>
              <Link href="/sign-up" className="button small">
                Sign up
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
