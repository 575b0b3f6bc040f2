"use client";

import { useQuery } from "@tanstack/react-query";
import { BuyBoxAction, type BuyBoxPlugin } from "@/components/commerce/buy-box-action";
import { useTRPC } from "@/lib/trpc/client";

/**
 * The price box's offer on a members' copy of a plugin's page
 * (lib/cached-pages.ts): the copy is the same for every account, so whether
 * this one owns the plugin or wrote it is read by the browser (plugins.get as
 * the account). Until then — and without JavaScript — it offers Buy, and the
 * buy page itself says when the plugin is already theirs.
 */
export function MemberBuyBox({ plugin, priceText }: { plugin: BuyBoxPlugin; priceText: string }) {
  const trpc = useTRPC();
  const mine = useQuery({ ...trpc.plugins.get.queryOptions({ slug: plugin.slug }), retry: false }).data?.item;
  const seen: BuyBoxPlugin = mine ? { ...plugin, mine: mine.mine, owned: mine.owned, priceRequest: mine.priceRequest } : plugin;
  // A free plugin's box has an offer only for its author.
  if (!plugin.price && !seen.mine) return null;
  return <BuyBoxAction plugin={seen} signedIn priceText={priceText} />;
}
