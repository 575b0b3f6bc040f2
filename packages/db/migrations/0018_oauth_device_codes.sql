CREATE TABLE "oauth_device_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_code_hash" text NOT NULL,
	"user_code_hash" text NOT NULL,
	"client_id" text NOT NULL,
	"scopes" text[] NOT NULL,
	"device_label" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"interval_seconds" integer NOT NULL,
	"last_polled_at" timestamp (3) with time zone,
	"opens" integer DEFAULT 0 NOT NULL,
	"account_id" uuid,
	"decided_at" timestamp (3) with time zone,
	"grant_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "oauth_device_codes_status_check" CHECK ("oauth_device_codes"."status" in ('pending', 'approved', 'denied', 'locked', 'used'))
);
--> statement-breakpoint
ALTER TABLE "oauth_device_codes" ADD CONSTRAINT "oauth_device_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_device_codes" ADD CONSTRAINT "oauth_device_codes_grant_id_oauth_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."oauth_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_device_codes_device_code_key" ON "oauth_device_codes" USING btree ("device_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_device_codes_user_code_key" ON "oauth_device_codes" USING btree ("user_code_hash");--> statement-breakpoint
CREATE INDEX "oauth_device_codes_expires_idx" ON "oauth_device_codes" USING btree ("expires_at");