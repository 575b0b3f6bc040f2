import { planNameSchema } from "@streamkit/plans";
import { z } from "zod";
import { scopeSchema } from "./scopes";
import { isoTimestamp } from "./time";

export const entitlementsSchema = z
  .object({
    apiRequestsPerMinute: z.int().meta({ description: "Key-authenticated requests per minute, shared by all of the account's keys." }),
    overlays: z.int().meta({ description: "Overlays the account may hold (0: the plan cannot create, update or fork overlays)." }),
    inventory: z.int().meta({ description: "Items the inventory may hold." }),
    marketplaceTier: planNameSchema.meta({ description: "The most demanding marketplace items the plan includes (free; free and pro; all)." }),
    pluginDownload: z.boolean().meta({ description: "May download plugin packages." }),
    pluginPublish: z.boolean().meta({ description: "May publish plugins." }),
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
