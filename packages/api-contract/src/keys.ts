import { z } from "zod";
import { scopeSchema } from "./scopes";
import { isoTimestamp } from "./time";

export const apiKeyLimits = { maxNameLength: 60, maxKeysPerAccount: 50 } as const;

export const createApiKeyInputSchema = z
  .object({
    name: z.string().trim().min(1, "Give the key a name.").max(apiKeyLimits.maxNameLength),
    scopes: z
      .array(scopeSchema)
      .min(1, "Choose at least one scope.")
      .refine((list) => new Set(list).size === list.length, "Each scope once."),
    expiresAt: isoTimestamp.nullable().optional().meta({ description: "When the key stops working; absent or null: never." }),
  })
  .meta({ id: "CreateApiKey" });

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: "The start of the key, to recognise it; the rest is never shown again." }),
    scopes: z.array(scopeSchema),
    createdAt: isoTimestamp,
    lastUsedAt: isoTimestamp.nullable(),
    expiresAt: isoTimestamp.nullable(),
    status: z.enum(["active", "expired", "revoked"]),
  })
  .meta({ id: "ApiKey" });
export type ApiKeyView = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = z
  .object({ item: apiKeySchema, key: z.string().meta({ description: "The whole key. Shown this once; only its SHA-256 is stored." }) })
  .meta({ id: "CreatedApiKey" });

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) }).meta({ id: "ApiKeyList" });
