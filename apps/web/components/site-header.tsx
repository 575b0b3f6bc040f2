import Link from "next/link";
import type { ReactNode } from "react";
import { isAuthor } from "@/components/commerce/buyer";
import { CloseMenusOnNavigate } from "@/components/close-menus";
import { AuthorLinks, MemberAuthorLinks, MemberAvatar, MemberName, MemberStaffLink } from "@/components/member/member-account";
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
  return <SiteHeaderView account={caller ? { name: caller.account.name, author: await isAuthor(), staff: caller.account.staff } : null} />;
}

/** The signed-in account as the header shows it. */
export interface HeaderAccount {
  name: string;
  /** Has published a plugin: the menu offers its pricing and sales. */
  author: boolean;
  staff: boolean;
}

/**
 * The header for `account`: null when signed out; "member" on a members'
 * copy of a cached page (lib/cached-pages.ts), where the browser fills in
 * the name and the links only some accounts have.
 */
export function SiteHeaderView({ account }: { account: HeaderAccount | "member" | null }) {
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
          {account === "member" ? (
            <AccountMenu
              label="Account menu"
              summary={
                <>
                  <MemberAvatar />
                  <MemberName />
                </>
              }
              authorLinks={<MemberAuthorLinks />}
              staffLink={<MemberStaffLink />}
            />
          ) : account ? (
            <AccountMenu
              label={`Account menu of ${account.name}`}
              summary={
                <>
                  <span className="avatar" aria-hidden="true">
                    {account.name.slice(0, 1).toUpperCase()}
                  </span>
                  <span data-testid="signed-in-as">{account.name}</span>
                </>
              }
              authorLinks={account.author ? <AuthorLinks /> : null}
              staffLink={account.staff ? <Link href="/admin">Admin</Link> : null}
            />
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

/** The account's menu: the links every account has, the author's and the operator's where they belong, and Sign out. */
function AccountMenu({ label, summary, authorLinks, staffLink }: { label: string; summary: ReactNode; authorLinks: ReactNode; staffLink: ReactNode }) {
  return (
    <details className="menu account-menu">
      <summary className="account-link" aria-label={label}>
        {summary}
      </summary>
      <div className="menu-panel">
        <nav aria-label="Your account">
          <Link href="/account">Account</Link>
          <Link href="/account/billing">Billing</Link>
          <Link href="/overlays">My overlays</Link>
          <Link href="/inventory">My inventory</Link>
          <Link href="/purchases">My purchases</Link>
          <Link href="/dashboard/plugins">My plugins</Link>
          {authorLinks}
          <Link href="/dashboard/keys">API keys</Link>
          <Link href="/account/connected-apps">Connected apps</Link>
          {staffLink}
        </nav>
        <form action={signOut}>
          <button type="submit" className="button secondary small">
            Sign out
          </button>
        </form>
      </div>
    </details>
  );
}
