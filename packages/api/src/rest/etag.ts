/** RFC 9110 If-None-Match: weak comparison over a list of entity tags, or `*`. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const target = opaque(etag);
  return ifNoneMatch.split(",").some((candidate) => opaque(candidate) === target);
}
