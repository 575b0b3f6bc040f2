import { type CategorySlug, type Listing, pluginCategories } from "@streamkit/api-contract";
import Link from "next/link";
import { browseHref } from "./browse-params";

/** Where the marketplace browses (components/pages/marketplace-home.tsx at /plugins): category and tag links lead there. */
const MARKETPLACE = "/plugins";

/** A category's label, or null for none (or a slug the list no longer has). */
export function categoryName(slug: Listing["category"]): string | null {
  return pluginCategories.find((category) => category.slug === slug)?.name ?? null;
}

/** A plugin's category as a badge linking to its browse page (`/plugins?category=<slug>`); nothing without one. */
export function CategoryLink({ category }: { category: Listing["category"] }) {
  const name = categoryName(category);
  if (!category || !name) return null;
  return (
    <Link className="badge category" href={browseHref(MARKETPLACE, { category: category as CategorySlug })}>
      <span className="visually-hidden">Category: </span>
      {name}
    </Link>
  );
}

/** An author's tags as links to the tag-filtered marketplace (`/plugins?tag=<tag>`); nothing without tags. */
export function TagLinks({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-links" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link className="badge tag" href={browseHref(MARKETPLACE, { tag })}>
            <span aria-hidden="true">#</span>
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
