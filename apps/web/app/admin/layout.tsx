import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { requireStaff } from "@/components/commerce/staff";

export const metadata: Metadata = { title: { default: "Operator", template: "%s · Operator · Streamkit" }, robots: { index: false } };

export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requireStaff();
  return (
    <div className="container">
      <nav className="admin-nav" aria-label="Operator">
        <Link href="/admin">Overview</Link>
        <Link href="/admin/price-requests">Price requests</Link>
        <Link href="/admin/purchases">Purchases and refunds</Link>
        <Link href="/admin/payouts">Payouts</Link>
      </nav>
      {children}
    </div>
  );
}
