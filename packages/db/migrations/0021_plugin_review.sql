ALTER TABLE "plugin_versions" ADD COLUMN "review_status" text DEFAULT 'listed' NOT NULL;--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD COLUMN "review_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD COLUMN "reviewed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "lookalike_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD CONSTRAINT "plugin_versions_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_versions_one_held_key" ON "plugin_versions" USING btree ("plugin_id") WHERE "plugin_versions"."review_status" = 'held';--> statement-breakpoint
CREATE INDEX "plugin_versions_held_idx" ON "plugin_versions" USING btree ("created_at") WHERE "plugin_versions"."review_status" = 'held';--> statement-breakpoint
CREATE INDEX "plugins_lookalike_keys_idx" ON "plugins" USING gin ("lookalike_keys");--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD CONSTRAINT "plugin_versions_review_status_check" CHECK ("plugin_versions"."review_status" in ('listed', 'held', 'rejected', 'superseded'));--> statement-breakpoint
-- hand-written: the look-alike keys of the plugins listed before this migration (plugin-rules lookalikeKeys, whose skeleton equals this expression for ASCII text).
WITH "skeletons" AS (
  SELECT "id",
    replace(replace(translate(regexp_replace(lower(translate("slug", 'I|', 'll')), '[^a-z0-9]', '', 'g'), '0134578', 'oleastb'), 'rn', 'm'), 'vv', 'w') AS "sk",
    replace(replace(translate(regexp_replace(lower(translate("name", 'I|', 'll')), '[^a-z0-9]', '', 'g'), '0134578', 'oleastb'), 'rn', 'm'), 'vv', 'w') AS "nk"
  FROM "plugins"
)
UPDATE "plugins" SET "lookalike_keys" = array_remove(ARRAY[
  CASE WHEN "sk" <> '' THEN 's=' || "sk" END,
  CASE WHEN length("sk") >= 8 THEN 's<' || left("sk", 3) END,
  CASE WHEN length("sk") >= 8 THEN 's>' || right("sk", 3) END,
  CASE WHEN "nk" <> '' THEN 'n=' || "nk" END,
  CASE WHEN length("nk") >= 8 THEN 'n<' || left("nk", 3) END,
  CASE WHEN length("nk") >= 8 THEN 'n>' || right("nk", 3) END
], NULL)
FROM "skeletons" WHERE "skeletons"."id" = "plugins"."id";
