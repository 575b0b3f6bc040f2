import type { Listing } from "@streamkit/api-contract";
import Link from "next/link";
import { InstallButton } from "@/components/install/install-button";

/** What the price box needs of a plugin, as seen by its visitor. */
export type BuyBoxPlugin = Pick<Listing, "slug" | "name" | "price" | "mine" | "owned" | "priceRequest">;

/**
 * What a paid plugin's price box offers this visitor: Buy (signed out, the
 * buy page asks them to sign in first and brings them back), "You own this"
 * once bought, "Your plugin" for its author.
 */
export function BuyBoxAction({ plugin, signedIn, priceText }: { plugin: BuyBoxPlugin; signedIn: boolean; priceText: string }) {
  if (plugin.mine) {
    return (
      <>
        <p className="owned-mark" data-testid="buy-state">
          Your plugin
        </p>
        {plugin.priceRequest?.status === "pending" ? <small>A new price ({plugin.priceRequest.tier}) is waiting for review.</small> : null}
        {plugin.priceRequest?.status === "rejected" ? <small>Your last price request was turned down.</small> : null}
        <Link href="/dashboard/pricing">Change its price</Link>
        {plugin.price ? <InstallButton slug={plugin.slug} name={plugin.name} /> : null}
      </>
    );
  }
  if (plugin.owned) {
    return (
      <>
        <p className="owned-mark" data-testid="buy-state">
          You own this
        </p>
        <InstallButton slug={plugin.slug} name={plugin.name} />
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
