-- hand-written, first: an upgrade that runs earlier migrations in the same transaction may leave the marketplace version's
-- deferred triggers pending on "plugins" (0021 updates its rows), and PostgreSQL refuses to ALTER a table with pending trigger events.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "plugin_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plugin_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"role" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"blob_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_media_role_check" CHECK ("plugin_media"."role" in ('icon', 'screenshot')),
	CONSTRAINT "plugin_media_size_check" CHECK ("plugin_media"."size" > 0 and "plugin_media"."width" > 0 and "plugin_media"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "icon" jsonb;--> statement-breakpoint
ALTER TABLE "plugin_media" ADD CONSTRAINT "plugin_media_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_media" ADD CONSTRAINT "plugin_media_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_media" ADD CONSTRAINT "plugin_media_blob_key_blobs_key_fk" FOREIGN KEY ("blob_key") REFERENCES "public"."blobs"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_media_one_icon_key" ON "plugin_media" USING btree ("plugin_id") WHERE "plugin_media"."role" = 'icon';--> statement-breakpoint
CREATE INDEX "plugin_media_plugin_idx" ON "plugin_media" USING btree ("plugin_id","role","position");--> statement-breakpoint
CREATE INDEX "plugin_media_account_idx" ON "plugin_media" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "plugin_media_blob_key_idx" ON "plugin_media" USING btree ("blob_key");--> statement-breakpoint
-- hand-written: a plugin's icons and screenshots (docs/plugins.md#icons-and-screenshots) show in anonymous browsing's kept answers:
-- every change moves the marketplace's version, as the plugins' own changes do (0008).
CREATE CONSTRAINT TRIGGER "plugin_media_marketplace_version" AFTER INSERT OR UPDATE OR DELETE ON "plugin_media"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "marketplace_version_bump"();--> statement-breakpoint
-- The bytes go with the last row naming them: a screenshot or icon deleted or replaced, a plugin or account deleted (by the cascade).
-- Another plugin's picture, a library asset or a sound naming the same content keeps the blob: the foreign key refuses the delete, and that refusal is swallowed (as 0015 does for assets).
CREATE FUNCTION "plugin_media_remove_unused_blob"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "plugin_media" WHERE "blob_key" = OLD."blob_key") THEN
    RETURN NULL;
  END IF;
  BEGIN
    DELETE FROM "blobs" WHERE "key" = OLD."blob_key";
  EXCEPTION WHEN foreign_key_violation THEN
    NULL;
  END;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "plugin_media_remove_unused_blob" AFTER DELETE ON "plugin_media"
  FOR EACH ROW EXECUTE FUNCTION "plugin_media_remove_unused_blob"();
