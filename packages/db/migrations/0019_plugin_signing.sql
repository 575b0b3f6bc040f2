CREATE TABLE "plugin_signing_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"revoked_reason" text,
	CONSTRAINT "plugin_signing_keys_status_check" CHECK ("plugin_signing_keys"."status" in ('active', 'retired', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD COLUMN "signing_key_id" text;--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD COLUMN "digest" text;--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "permissions_widened" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_signing_keys_one_active" ON "plugin_signing_keys" USING btree ("status") WHERE "plugin_signing_keys"."status" = 'active';--> statement-breakpoint
CREATE INDEX "plugin_versions_signing_key_idx" ON "plugin_versions" USING btree ("signing_key_id");--> statement-breakpoint
-- hand-written: a listing whose latest version already asked for more than the one before it (versions only go up, so publish order is version order).
UPDATE "plugins" SET "permissions_widened" = true
FROM (
  SELECT "plugin_id", "manifest",
    lag("manifest") OVER (PARTITION BY "plugin_id" ORDER BY "created_at", "id") AS "previous",
    row_number() OVER (PARTITION BY "plugin_id" ORDER BY "created_at" DESC, "id" DESC) AS "newest"
  FROM "plugin_versions"
) AS "v"
WHERE "v"."plugin_id" = "plugins"."id" AND "v"."newest" = 1 AND "v"."previous" IS NOT NULL AND (
  EXISTS (
    SELECT 1 FROM jsonb_array_elements_text(coalesce("v"."manifest"->'permissions', '[]'::jsonb)) AS "asked"("name")
    WHERE NOT coalesce("v"."previous"->'permissions', '[]'::jsonb) ? "asked"."name"
  ) OR EXISTS (
    SELECT 1 FROM jsonb_array_elements_text(coalesce("v"."manifest"->'optional_permissions', '[]'::jsonb)) AS "asked"("name")
    WHERE NOT (coalesce("v"."previous"->'permissions', '[]'::jsonb) || coalesce("v"."previous"->'optional_permissions', '[]'::jsonb)) ? "asked"."name"
  )
);
