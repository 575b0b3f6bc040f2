import "server-only";
import { env } from "@streamkit/api";
import { cookies, headers } from "next/headers";

export const COUNTRY_COOKIE = "country";

/**
 * The visitor's country, which decides INR or USD prices. In order: the
 * region the visitor picked (a cookie), the country a trusted CDN reports in
 * GEO_COUNTRY_HEADER, the region of the browser's preferred language
 * (en-IN, hi-IN → IN). Unknown means "elsewhere" (USD).
 */
export async function visitorCountry(): Promise<string | null> {
  const picked = (await cookies()).get(COUNTRY_COOKIE)?.value;
  if (picked && /^[A-Z]{2}$/.test(picked)) return picked;
  const h = await headers();
  const geoHeader = env().GEO_COUNTRY_HEADER;
  const geo = geoHeader ? h.get(geoHeader)?.trim().toUpperCase() : undefined;
  if (geo && /^[A-Z]{2}$/.test(geo)) return geo;
  return regionFromAcceptLanguage(h.get("accept-language"));
}

export function regionFromAcceptLanguage(header: string | null): string | null {
  if (!header) return null;
  const first = header.split(",")[0]?.split(";")[0]?.trim();
  const region = first?.split("-")[1];
  return region && /^[A-Za-z]{2}$/.test(region) ? region.toUpperCase() : null;
}
