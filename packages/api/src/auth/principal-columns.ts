import { accounts } from "@streamkit/db";
import type { AccountPrincipal } from "../context";

/** The account columns every caller carries, read fresh on every request (a plan change applies to the next one). */
export const principalColumns = {
  id: accounts.id,
  name: accounts.name,
  email: accounts.email,
  plan: accounts.plan,
  country: accounts.country,
  staff: accounts.staff,
  suspended: accounts.suspended,
} satisfies Record<keyof AccountPrincipal, unknown>;
