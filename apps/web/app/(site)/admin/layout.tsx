import type { Metadata } from "next";
import type { ReactNode } from "react";
import { requireStaff } from "@/components/commerce/staff";
import { AdminNav } from "./admin-nav";

export const metadata: Metadata = { title: { default: "Operator", template: "%s · Operator · Streamkit" }, robots: { index: false } };

export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requireStaff();
  return (
    <div className="container">
      <AdminNav />
      {children}
    </div>
  );
}
