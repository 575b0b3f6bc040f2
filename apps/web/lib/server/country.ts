import "server-only";
import { env } from "@streamkit/api";
import { cookies, headers } from "next/headers";
import { COUNTRY_COOKIE, countryOfVisitor } from "@/lib/cached-pages";

/** The visitor's country, which decides INR or USD prices (the rule: lib/cached-pages.ts countryOfVisitor). */
export async function visitorCountry(): Promise<string | null> {
  const picked = (await cookies()).get(COUNTRY_COOKIE)?.value;
  const h = await headers();
  const geoHeader = env().GEO_COUNTRY_HEADER;
  return countryOfVisitor(picked, geoHeader ? h.get(geoHeader) : null, h.get("accept-language"));
}
