import { planNameSchema } from "@streamkit/plans";
import { z } from "zod";
import { scopeSchema } from "./scopes";
import { isoTimestamp } from "./time";

export const entitlementsSchema = z
  .object({
    apiRequestsPerMinute: z.int().meta({
      description:
        "The caller's requests per minute, as X-RateLimit-Limit states: the plan's for an API key (shared by all of the account's keys), the desktop app's own for its token.",
    }),
    overlays: z.int().meta({ description: "Overlays the account may hold (0: the plan cannot create, update or fork overlays)." }),
    inventory: z.int().meta({ description: "Items the inventory may hold." }),
    marketplaceTier: planNameSchema.meta({ description: "The most demanding marketplace items the plan includes (free; free and pro; all)." }),
    pluginDownload: z.boolean().meta({ description: "May download plugin packages." }),
    pluginPublish: z.boolean().meta({ description: "May publish plugins." }),
    assetStorageBytes: z.int().meta({ description: "Bytes of pictures the asset library may hold (0: the plan cannot upload)." }),
  })
  .meta({ id: "Entitlements" });

export const meResponseSchema = z
  .object({
    account: z.object({ id: z.string(), name: z.string() }),
    plan: z.object({ name: planNameSchema, entitlements: entitlementsSchema }),
    key: z
      .object({
        id: z.string(),
        prefix: z.string(),
        scopes: z.array(scopeSchema),
        expiresAt: isoTimestamp.nullable(),
      })
      .optional()
      .meta({ description: "The API key this request was made with (absent for the website's session)." }),
  })
  .meta({ id: "Me" });
export type MeResponse = z.infer<typeof meResponseSchema>;
