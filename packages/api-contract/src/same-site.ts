/**
 * Where to send someone after signing in (a `next` parameter): only a place on
 * this site. The value is resolved the way a browser resolves a Location
 * header — the WHATWG URL parser, which turns `\` into `/` and drops tabs and
 * newlines, so `/\evil.example` and `/<tab>/evil.example` mean
 * `//evil.example` — against the site's origin, and kept only when the result
 * has that origin. The answer is a path (with query and fragment) or "/".
 */
export function sameSitePath(value: unknown, origin: string): string {
  if (typeof value !== "string" || value === "" || value.length > 2000) return "/";
  let site: URL;
  let url: URL;
  try {
    site = new URL(origin);
    url = new URL(value, site);
  } catch {
    return "/";
  }
  if (url.origin !== site.origin) return "/";
  // A path that would read as another host once a later hop decodes it (`/%2F%2Fevil.example`, `/%5Cevil.example`) is refused too.
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return "/";
  }
  if (decoded.startsWith("//") || decoded.includes("\\")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
