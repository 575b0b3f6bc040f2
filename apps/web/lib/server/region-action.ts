"use server";

import { cookies } from "next/headers";
import { COUNTRY_COOKIE } from "@/lib/cached-pages";
import { isForm } from "./action-input";

/**
 * Remembers the visitor's region for a year. "ZZ" (ISO 3166's user-assigned code) means "not India".
 * Setting a cookie in an action re-renders the page and empties the browser's router cache; the cached
 * pages of other visitors are not touched (they are per region already).
 */
export async function chooseRegion(form: FormData): Promise<void> {
  if (!isForm(form)) return;
  const value = String(form.get("country") ?? "");
  if (!/^[A-Z]{2}$/.test(value)) return;
  (await cookies()).set(COUNTRY_COOKIE, value, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax", httpOnly: true });
}
