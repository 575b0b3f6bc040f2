import type { AccountCaller } from "@streamkit/api";
import Link from "next/link";
import { isAuthor } from "@/components/commerce/buyer";
import { CloseMenusOnNavigate } from "@/components/close-menus";
import { currentCaller } from "@/lib/server/auth";
import { signOut } from "@/lib/server/auth-actions";

const mainLinks = [
  { href: "/", label: "Plugins" },
  { href: "/market", label: "Market" },
  { href: "/overlays/catalog", label: "Overlays" },
  { href: "/sounds", label: "Sounds" },
  { href: "/publishing", label: "Publish" },
  { href: "/plans", label: "Plans" },
  { href: "/rates", label: "Currency converter" },
  { href: "/docs", label: "API" },
];

/**
 * One row at any width: the main links, and the account's links in a menu
 * under its name. On a phone the main links fold into a Menu button. Both
 * menus are details elements, so they work without JavaScript; with it they
 * close after a navigation or a click elsewhere.
 */
export async function SiteHeader() {
  const caller = await currentCaller();
  return <SiteHeaderView caller={caller} author={caller ? await isAuthor() : false} />;
}

/** The header for `caller` (null: signed out, as on the cached pages). */
export function SiteHeaderView({ caller, author }: { caller: AccountCaller | null; author: boolean }) {
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
          {mainLinks.map((link) => (
            <Link key={link.href} href={link.href}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="header-actions">
          {caller ? (
            <details className="menu account-menu">
              <summary className="account-link" aria-label={`Account menu of ${caller.account.name}`}>
                <span className="avatar" aria-hidden="true">
                  {caller.account.name.slice(0, 1).toUpperCase()}
                </span>
                <span data-testid="signed-in-as">{caller.account.name}</span>
              </summary>
              <div className="menu-panel">
                <nav aria-label="Your account">
                  <Link href="/account">Account</Link>
                  <Link href="/account/billing">Billing</Link>
                  <Link href="/overlays">My overlays</Link>
                  <Link href="/inventory">My inventory</Link>
                  <Link href="/purchases">My purchases</Link>
                  <Link href="/dashboard/plugins">My plugins</Link>
                  {author ? (
                    <>
                      <Link href="/dashboard/pricing">Pricing</Link>
                      <Link href="/dashboard/sales">Sales</Link>
                    </>
                  ) : null}
                  <Link href="/dashboard/keys">API keys</Link>
                  <Link href="/account/connected-apps">Connected apps</Link>
                  {caller.account.staff ? <Link href="/admin">Admin</Link> : null}
                </nav>
                <form action={signOut}>
                  <button type="submit" className="button secondary small">
                    Sign out
                  </button>
                </form>
              </div>
            </details>
          ) : (
            <>
              <Link href="/sign-in">Sign in</Link>
              <Link href="/sign-up" className="button small">
                Sign up
              </Link>
            </>
          )}
          <details className="menu nav-menu">
            <summary aria-label="Menu">
              <span aria-hidden="true">☰</span>
            </summary>
            <div className="menu-panel">
              <nav aria-label="Site">
                {mainLinks.map((link) => (
                  <Link key={link.href} href={link.href}>
                    {link.label}
                  </Link>
                ))}
              </nav>
            </div>
          </details>
        </div>
        <CloseMenusOnNavigate />
      </div>
    </header>
  );
}
