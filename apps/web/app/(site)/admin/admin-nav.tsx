"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const sections = [
  { href: "/admin", label: "Overview" },
  { href: "/admin/price-requests", label: "Price requests" },
  { href: "/admin/reports", label: "Reports" },
  { href: "/admin/review-reports", label: "Reported reviews" },
  { href: "/admin/reviews", label: "Plugin review" },
  { href: "/admin/purchases", label: "Purchases and refunds" },
  { href: "/admin/subscriptions", label: "Subscriptions" },
  { href: "/admin/accounts", label: "Accounts" },
  { href: "/admin/publishers", label: "Verified publishers" },
  { href: "/admin/payouts", label: "Payouts" },
  { href: "/admin/releases", label: "Desktop releases" },
] as const;

/** The operator's sections; the one being viewed is marked for sight and for screen readers (aria-current). */
export function AdminNav() {
  const pathname = usePathname();
  const isCurrent = (href: string) => (href === "/admin" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`));
  return (
    <nav className="admin-nav" aria-label="Operator">
      {sections.map(({ href, label }) => (
        <Link key={href} href={href} aria-current={isCurrent(href) ? "page" : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}
