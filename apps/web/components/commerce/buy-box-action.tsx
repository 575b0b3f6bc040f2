import type { Listing } from "@streamkit/api-contract";
import type { PlanName } from "@streamkit/plans";
import Link from "next/link";
import { InstallButton } from "@/components/install/install-button";

/** What the price box needs of a plugin, as seen by its visitor. */
export type BuyBoxPlugin = Pick<Listing, "slug" | "name" | "price" | "mine" | "owned" | "priceRequest">;

/**
 * What a paid plugin's price box offers this visitor: Buy (signed out, the
 * buy page asks them to sign in first and brings them back), "You own this"
 * once bought, "Your plugin" for its author. `plan`: the visitor's, when known
 * (Install gives way to the upgrade on a plan that cannot download plugins).
 */
export function BuyBoxAction({ plugin, signedIn, priceText, plan }: { plugin: BuyBoxPlugin; signedIn: boolean; priceText: string; plan?: PlanName | null }) {
  if (plugin.mine) {
    return (
      <>
        <p className="owned-mark" data-testid="buy-state">
          Your plugin
        </p>
        {plugin.priceRequest?.status === "pending" ? <small>A new price ({plugin.priceRequest.tier}) is waiting for review.</small> : null}
        {plugin.priceRequest?.status === "rejected" ? <small>Your last price request was turned down.</small> : null}
        <Link href="/dashboard/pricing">Change its price</Link>
        {plugin.price ? <InstallButton slug={plugin.slug} name={plugin.name} plan={plan} /> : null}
      </>
    );
  }
  if (plugin.owned) {
    return (
      <>
        <p className="owned-mark" data-testid="buy-state">
          You own this
        </p>
        <InstallButton slug={plugin.slug} name={plugin.name} plan={plan} />
        <Link href="/purchases">My purchases</Link>
      </>
    );
  }
  return (
    <>
      <Link href={`/plugins/${encodeURIComponent(plugin.slug)}/buy`} className="button" data-testid="buy-state">
        Buy for {priceText}
      </Link>
      {signedIn ? null : <small>You will sign in or create an account first.</small>}
    </>
  );
}
