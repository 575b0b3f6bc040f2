ALTER TABLE "auth_identities" DROP COLUMN "refresh_token";--> statement-breakpoint
ALTER TABLE "auth_identities" DROP COLUMN "access_token";--> statement-breakpoint
ALTER TABLE "auth_identities" DROP COLUMN "expires_at";--> statement-breakpoint
ALTER TABLE "auth_identities" DROP COLUMN "token_type";--> statement-breakpoint
ALTER TABLE "auth_identities" DROP COLUMN "scope";--> statement-breakpoint
ALTER TABLE "auth_identities" DROP COLUMN "id_token";--> statement-breakpoint
ALTER TABLE "auth_identities" DROP COLUMN "session_state";