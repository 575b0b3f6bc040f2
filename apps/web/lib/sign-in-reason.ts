import { oauthClients } from "@streamkit/api-contract";

/**
 * Why a page sent the visitor to sign in, read from where they go back to
 * (`next`, already a path on this site): every redirect to /sign-in explains
 * itself, and the words are the site's own, never taken from the address.
 */
const reasons: readonly [pattern: RegExp, reason: string][] = [
  [/^\/sounds(?:[/?]|$)/, "Sign in to see sounds: the sound library is open to every account, Free included."],
  [/^\/market\/[^/?]+(?:\?|$)/, "Sign in to add this item to your inventory."],
  [/^\/inventory(?:[/?]|$)/, "Sign in to see your inventory."],
  [/^\/overlays(?:[/?]|$)/, "Sign in to see and edit your overlays."],
  [/^\/plugins\/[^/?]+\/buy(?:[/?]|$)/, "Sign in to buy this plugin: it stays yours on this account."],
  [/^\/purchases(?:[/?]|$)/, "Sign in to see the plugins you bought."],
  [/^\/(?:plans|checkout|account\/billing)(?:[/?]|$)/, "Sign in to choose a plan and manage your billing."],
  [/^\/device(?:[/?]|$)/, "Sign in to connect the Streamkit app on your other device to your account."],
  [/^\/account(?:[/?]|$)/, "Sign in to manage your account."],
  [/^\/dashboard(?:[/?]|$)/, "Sign in to manage your plugins, their prices and your API keys."],
];

export function signInReason(next: string): string | null {
  if (/^\/oauth\/authorize\?/.test(next)) {
    const client = oauthClients.find((c) => c.id === new URLSearchParams(next.slice(next.indexOf("?") + 1)).get("client_id"));
    return client ? `Sign in to connect the ${client.name} to your account.` : "Sign in to connect an app to your account.";
  }
  return reasons.find(([pattern]) => pattern.test(next))?.[1] ?? null;
}
