-- hand-written, first: an upgrade runs every pending migration in one transaction; fire the deferred triggers an earlier one
-- left pending, or PostgreSQL refuses to add triggers to a table with pending events (as 0024–0028 do).
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "market_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "market_version_single_row" CHECK ("market_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "market_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Bumped at commit (deferred constraint triggers) and once per transaction, as marketplace_version is
-- (0008_marketplace_version.sql): the counter's row is the last lock a writing transaction takes.
CREATE FUNCTION "market_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('streamkit.market_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('streamkit.market_bumped', 'on', true);
  UPDATE "market_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Every start upserts the catalogue: a row written unchanged (the same release starting again) moves nothing.
CREATE CONSTRAINT TRIGGER "catalog_items_market_version" AFTER INSERT OR DELETE ON "catalog_items"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "market_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalog_items_changed_market_version" AFTER UPDATE ON "catalog_items"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "market_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "theme_members_market_version" AFTER INSERT OR DELETE ON "theme_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "market_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "theme_members_changed_market_version" AFTER UPDATE ON "theme_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "market_version_bump"();
