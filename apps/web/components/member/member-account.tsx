"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/lib/trpc/client";

/**
 * The parts of the header's account menu a members' copy (lib/cached-pages.ts)
 * cannot hold, filled in by the browser from accounts.menu: the account's
 * name, and the author's and the operator's links. Until then — and without
 * JavaScript — the menu says "Account" and offers the links every account has.
 */
function useAccountMenu() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.accounts.menu.queryOptions(), retry: false }).data;
}

export function MemberAvatar() {
  const account = useAccountMenu();
  return (
    <span className="avatar" aria-hidden="true">
      {account ? account.name.slice(0, 1).toUpperCase() : "•"}
    </span>
  );
}

export function MemberName() {
  const account = useAccountMenu();
  return account ? <span data-testid="signed-in-as">{account.name}</span> : <span>Account</span>;
}

/** The menu's links for an account that has published a plugin. */
export function AuthorLinks() {
  return (
    <>
      <Link href="/dashboard/pricing">Pricing</Link>
      <Link href="/dashboard/sales">Sales</Link>
    </>
  );
}

export function MemberAuthorLinks() {
  return useAccountMenu()?.author ? <AuthorLinks /> : null;
}

export function MemberStaffLink() {
  return useAccountMenu()?.staff ? <Link href="/admin">Admin</Link> : null;
}
