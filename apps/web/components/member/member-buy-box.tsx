"use client";

import { useQuery } from "@tanstack/react-query";
import { BuyBoxAction, type BuyBoxPlugin } from "@/components/commerce/buy-box-action";
import { InstallButton } from "@/components/install/install-button";
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
  const plan = useMemberPlan();
  const seen: BuyBoxPlugin = mine ? { ...plugin, mine: mine.mine, owned: mine.owned, priceRequest: mine.priceRequest } : plugin;
  // A free plugin's box has an offer only for its author.
  if (!plugin.price && !seen.mine) return null;
  return <BuyBoxAction plugin={seen} signedIn priceText={priceText} plan={plan} />;
}

/** The account's plan, from the header's accounts.menu (one request for both); undefined until it arrives. */
function useMemberPlan() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.accounts.menu.queryOptions(), retry: false }).data?.plan;
}

/**
 * A free plugin's Install on a members' copy: the copy is shared by every
 * plan, so whether this account's plan installs plugins is read by the
 * browser. Until then — and without JavaScript — it offers Install.
 */
export function MemberInstall({ slug, name }: { slug: string; name: string }) {
  return <InstallButton slug={slug} name={name} plan={useMemberPlan()} />;
}
