import { notFound } from "next/navigation";

/**
 * Any address no other route takes lands here, so its "not found" page is
 * (site)'s, in that layout with the visitor's header. A root not-found.tsx
 * cannot read the session: Next renders it into every page's tree, the
 * cached ones included.
 */
export default function MissingPage(): never {
  notFound();
}
