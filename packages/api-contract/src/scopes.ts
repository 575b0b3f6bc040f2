import { z } from "zod";

/** The API key scopes of docs/api.md#authentication-and-scopes, in the order the website lists them. */
export const scopes = ["plugins:read", "plugins:write", "sales:read", "inventory:write", "sounds:read"] as const;
export type Scope = (typeof scopes)[number];
export const scopeSchema = z.enum(scopes).meta({ id: "Scope" });

export const scopeDescriptions: Record<Scope, string> = {
  "plugins:read": "Download plugins, list your plugins and your purchases, review plugins you own, report plugins and reviews.",
  "plugins:write": "Publish new versions, delete plugins, request prices and reply to reviews.",
  "sales:read": "Read your sales, earnings and payouts.",
  "inventory:write": "Create, update and fork overlays.",
  "sounds:read": "Use the sound catalog.",
};
