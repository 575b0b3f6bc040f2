/**
 * Publishers (docs/plugins.md#publishers): handles, the public publisher
 * read, the publisher's own settings (handle and domains) and the operator's
 * verification grants.
 */
import { z } from "zod";
import { listingSchema } from "./listing";
import { isoTimestamp } from "./time";

export const publisherLimits = {
  handleMinLength: 3,
  handleMaxLength: 40,
  /** A publisher may change its handle once per this many days. */
  handleChangeDays: 30,
  /** Domains one account may claim at once. */
  maxDomainsPerAccount: 5,
  maxDomainLength: 253,
  maxNoteLength: 500,
  /** Plugins per page of GET /publishers/{handle}. */
  defaultPageSize: 20,
  maxPageSize: 100,
  maxCursorLength: 200,
  /** A verified domain is checked again by `publisher recheck` once its last check is this old. */
  recheckAfterDays: 30,
} as const;

/**
 * The bounds of one domain check (publishers/domain-check.ts): the whole
 * check's deadline, the largest well-known file read, and the redirects
 * followed (to the same host only).
 */
export const domainCheckLimits = { timeoutMs: 5_000, maxFileBytes: 4_096, maxRedirects: 3 } as const;

/** What a publisher puts in DNS or the well-known file: this prefix and the domain's token. */
export const VERIFY_PREFIX = "streamkit-verify=";
export const VERIFY_TXT_LABEL = "_streamkit-verify";
export const VERIFY_FILE_PATH = "/.well-known/streamkit-verify.txt";

/**
 * Handles nobody but the service's own account takes (they would read as the
 * service speaking). The first-publish derivation in the database refuses the
 * same words (migration 0016_publishers.sql, publisher_handle_assign); a test
 * keeps the two lists alike.
 */
export const reservedHandles = [
  "admin",
  "administrator",
  "api",
  "help",
  "moderator",
  "official",
  "operator",
  "root",
  "security",
  "settings",
  "staff",
  "streamkit",
  "support",
  "system",
  "verified",
  "www",
] as const;

export const handleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(publisherLimits.handleMinLength, `A handle has at least ${publisherLimits.handleMinLength} characters.`)
  .max(publisherLimits.handleMaxLength, `A handle has at most ${publisherLimits.handleMaxLength} characters.`)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lowercase letters, digits and single hyphens between them (like my-studio).")
  .meta({ description: `${publisherLimits.handleMinLength} to ${publisherLimits.handleMaxLength} lowercase letters, digits and single hyphens.` });

export const publisherProfileSchema = z
  .object({
    handle: z.string().meta({ description: "The current handle. A former handle in the path answers with the current one here." }),
    name: z.string(),
    kind: z.enum(["official", "user"]),
    verified: z.boolean().meta({ description: "The same value as `publisher.verified` in listings." }),
    verification: z.object({
      domains: z.array(z.string()).meta({ description: "Domains the publisher proved it controls (DNS TXT record or well-known file)." }),
      byOperator: z.boolean().meta({ description: "Verified by the service's operators." }),
    }),
    memberSince: isoTimestamp.meta({ description: "When the account was created." }),
    url: z.string().meta({ description: "The publisher's page on the website." }),
  })
  .meta({ id: "PublisherProfile" });
export type PublisherProfile = z.infer<typeof publisherProfileSchema>;

export const publisherPageQuerySchema = z.object({
  handle: z.string().max(100),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(publisherLimits.maxPageSize)
    .default(publisherLimits.defaultPageSize)
    .meta({ description: `Plugins per page, 1 to ${publisherLimits.maxPageSize} (default ${publisherLimits.defaultPageSize}).` }),
  cursor: z.string().max(publisherLimits.maxCursorLength).optional().meta({ description: "The `next` value of the previous page (opaque)." }),
});
export type PublisherPageQuery = z.infer<typeof publisherPageQuerySchema>;

export const publisherPageSchema = z
  .object({
    publisher: publisherProfileSchema,
    items: z.array(listingSchema).meta({ description: "The publisher's published plugins, in the marketplace's order." }),
    next: z.string().nullable().meta({ description: "Cursor of the next page; null on the last page." }),
  })
  .meta({ id: "PublisherPage" });
export type PublisherPage = z.infer<typeof publisherPageSchema>;

export const publisherDomainSchema = z
  .object({
    domain: z.string(),
    status: z.enum(["pending", "verified", "failed"]).meta({
      description: "`pending` until the first check, `verified` after a check found the token, `failed` when the last check did not.",
    }),
    value: z.string().meta({ description: "What to publish: the TXT record's value, or a line of the well-known file." }),
    txtName: z.string().meta({ description: "The DNS name of the TXT record." }),
    fileUrl: z.string().meta({ description: "The address of the well-known file." }),
    method: z.enum(["dns", "file"]).nullable().meta({ description: "How the last successful check found the token." }),
    verifiedAt: isoTimestamp.nullable(),
    checkedAt: isoTimestamp.nullable(),
    problem: z.string().nullable().meta({ description: "What the last check found wrong." }),
  })
  .meta({ id: "PublisherDomain" });
export type PublisherDomainView = z.infer<typeof publisherDomainSchema>;

export const publisherSettingsSchema = z
  .object({
    handle: z.string().nullable().meta({ description: "null until the first publish (or a handle chosen before it)." }),
    previousHandles: z.array(z.string()).meta({ description: "Former handles: they keep leading to the publisher and stay reserved to it." }),
    handleChangeableAt: isoTimestamp.nullable().meta({ description: "When the handle may change again; null: now." }),
    verified: z.boolean(),
    verifiedByOperator: z.boolean(),
    domains: z.array(publisherDomainSchema),
  })
  .meta({ id: "PublisherSettings" });
export type PublisherSettings = z.infer<typeof publisherSettingsSchema>;

export const domainInputSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Enter a domain, like example.com.")
    .max(publisherLimits.maxDomainLength + 6)
    .meta({ description: "A domain name like example.com (no scheme, path or port)." }),
});

// The operator's side (website and CLI only, never under /api/v1).
const noteSchema = z.string().trim().min(1, "Say why, in a few words.").max(publisherLimits.maxNoteLength);

export const publisherRefSchema = z
  .string()
  .trim()
  .min(1, "Enter a handle or an email address.")
  .max(320)
  .meta({ description: "A handle, or the account's email address." });

export const grantInputSchema = z.object({ publisher: publisherRefSchema, note: noteSchema });
export const revokeInputSchema = z.object({ publisher: publisherRefSchema, note: noteSchema });

export const verifiedPublisherSchema = z.object({
  accountId: z.string(),
  handle: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  grant: z.object({ grantedAt: isoTimestamp, grantedBy: z.string().nullable(), note: z.string() }).nullable(),
  domains: z.array(z.object({ domain: z.string(), method: z.enum(["dns", "file"]).nullable(), verifiedAt: isoTimestamp, checkedAt: isoTimestamp.nullable() })),
});
export type VerifiedPublisher = z.infer<typeof verifiedPublisherSchema>;

export const verificationEventSchema = z.object({
  id: z.string(),
  handle: z.string().nullable(),
  name: z.string(),
  action: z.enum(["grant", "revoke", "domain_verified", "domain_revoked", "domain_removed"]),
  domain: z.string().nullable(),
  actor: z.string().meta({ description: "The operator's name and email, `operator CLI`, the publisher, or `the service` (a recheck)." }),
  via: z.enum(["website", "cli", "service"]),
  note: z.string().nullable(),
  createdAt: isoTimestamp,
});
export type VerificationEvent = z.infer<typeof verificationEventSchema>;

export const verificationOverviewSchema = z.object({
  verified: z.array(verifiedPublisherSchema),
  events: z.array(verificationEventSchema),
});
