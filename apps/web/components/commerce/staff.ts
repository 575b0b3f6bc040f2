import "server-only";
import type { AccountCaller } from "@streamkit/api";
import { notFound } from "next/navigation";
import { currentCaller } from "@/lib/server/auth";

/** The operator's pages exist only for staff: everyone else, signed in or not, gets the 404 page (nothing to discover). */
export async function requireStaff(): Promise<AccountCaller> {
  const caller = await currentCaller();
  if (!caller?.account.staff) notFound();
  return caller;
}
