/**
 * Every item of a cursor-paged list (docs/api.md#limits), 100 a page, for pages that
 * show an account's whole list: at most `maxPages` pages, so a list never
 * costs more than the largest plan allows it to hold.
 */
export async function readAllPages<T>(
  list: (input: { limit: number; cursor?: string }) => Promise<{ items: T[]; nextCursor: string | null }>,
  maxPages: number,
): Promise<T[]> {
  const items: T[] = [];
  for (let cursor: string | undefined, page = 0; page < maxPages; page++) {
    const found = await list(cursor === undefined ? { limit: 100 } : { limit: 100, cursor });
    items.push(...found.items);
    if (!found.nextCursor) break;
    cursor = found.nextCursor;
  }
  return items;
}
