"use server";

import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";
import { COUNTRY_COOKIE } from "./country";

/** Remembers the visitor's region for a year. "ZZ" (ISO 3166's user-assigned code) means "not India". */
export async function chooseRegion(form: FormData): Promise<void> {
  const value = String(form.get("country") ?? "");
  if (!/^[A-Z]{2}$/.test(value)) return;
  (await cookies()).set(COUNTRY_COOKIE, value, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax", httpOnly: true });
  revalidatePath("/", "layout");
}
