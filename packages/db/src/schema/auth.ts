import { pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { utcTimestamp } from "./columns";

/**
 * Auth.js tables (through @auth/drizzle-adapter). `accounts` above is the
 * Auth.js user; these link GitHub/Google identities to it. Sessions are JWTs
 * (the Credentials provider requires it), so auth_sessions stays empty unless
 * the strategy changes; the adapter's contract still names it.
 *
 * An identity is only who someone is at GitHub or Google: the provider's
 * access, refresh and id tokens are never stored (nothing here calls those
 * providers after sign-in, and a token at rest is one a database leak hands out).
 */
export const authIdentities = pgTable(
  "auth_identities",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] })],
);

export const authSessions = pgTable("auth_sessions", {
  sessionToken: text("session_token").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  expires: utcTimestamp("expires").notNull(),
});

export const authVerificationTokens = pgTable(
  "auth_verification_tokens",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: utcTimestamp("expires").notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);
