CREATE TABLE "marketplace_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "marketplace_version_single_row" CHECK ("marketplace_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "marketplace_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Bumped at commit (deferred constraint triggers): the counter's row is the last lock a
-- writing transaction takes, so it cannot deadlock with the rows the transaction changed,
-- and readers see the new version together with the data it stands for.
CREATE FUNCTION "marketplace_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A download only moves the counter of downloads: anonymous answers may show it late (by the max-age).
  IF TG_TABLE_NAME = 'plugins' AND TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'downloads') = (to_jsonb(NEW) - 'downloads') THEN
    RETURN NULL;
  END IF;
  -- Once per transaction: a bulk insert (a seed of 100,000 plugins) moves it once, not per row.
  IF current_setting('streamkit.marketplace_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('streamkit.marketplace_bumped', 'on', true);
  UPDATE "marketplace_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "plugins_marketplace_version" AFTER INSERT OR UPDATE OR DELETE ON "plugins"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "marketplace_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "plugin_versions_marketplace_version" AFTER INSERT OR UPDATE OR DELETE ON "plugin_versions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "marketplace_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "accounts_marketplace_version" AFTER UPDATE OF "name", "verified", "official", "suspended" ON "accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."verified" IS DISTINCT FROM NEW."verified" OR OLD."official" IS DISTINCT FROM NEW."official" OR OLD."suspended" IS DISTINCT FROM NEW."suspended")
  EXECUTE FUNCTION "marketplace_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "accounts_deleted_marketplace_version" AFTER DELETE ON "accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "marketplace_version_bump"();
