-- Upgrades run every pending migration in one transaction: fire the deferred marketplace-version triggers an earlier
-- migration's UPDATE left pending (0021 updates plugins), or PostgreSQL refuses to ALTER the table below.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "readme" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "price_order" smallint GENERATED ALWAYS AS ((case when price_tier ~ '^t[0-9]$' then -substr(price_tier, 2)::smallint else 0 end)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "plugins_category_order_idx" ON "plugins" USING btree ("category","official","downloads","id") WHERE "plugins"."status" = 'published';--> statement-breakpoint
CREATE INDEX "plugins_newest_order_idx" ON "plugins" USING btree ("created_at","id") WHERE "plugins"."status" = 'published';--> statement-breakpoint
CREATE INDEX "plugins_updated_order_idx" ON "plugins" USING btree ("updated_at","id") WHERE "plugins"."status" = 'published';--> statement-breakpoint
CREATE INDEX "plugins_price_order_idx" ON "plugins" USING btree ("price_order","downloads","id") WHERE "plugins"."status" = 'published';--> statement-breakpoint
CREATE INDEX "plugins_name_order_idx" ON "plugins" USING btree (lower("name"),"id") WHERE "plugins"."status" = 'published';--> statement-breakpoint
CREATE INDEX "plugins_search_vector_idx" ON "plugins" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "plugins_tags_idx" ON "plugins" USING gin ("tags");--> statement-breakpoint
-- hand-written:
-- Substring search over name, slug and description, and typo tolerance over name and slug (pg_trgm; PGlite loads it in client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "plugins_search_text_trgm_idx" ON "plugins" USING gin ((lower("name" || ' ' || "slug" || ' ' || "description")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plugins_search_names_trgm_idx" ON "plugins" USING gin ((lower("name" || ' ' || "slug")) gin_trgm_ops);--> statement-breakpoint
-- A version's README at the package's root (README.md first), bounded: search reads at most 20,000 characters of it.
CREATE FUNCTION "plugin_readme"(p_plugin uuid, p_version text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT left(f."content", 20000) FROM "plugin_files" f JOIN "plugin_versions" v ON v."id" = f."version_id"
  WHERE v."plugin_id" = p_plugin AND v."version" = p_version AND lower(f."path") IN ('readme.md', 'readme', 'readme.txt', 'readme.markdown')
  ORDER BY lower(f."path") = 'readme.md' DESC, f."path" LIMIT 1
$$;--> statement-breakpoint
-- The search document, whoever writes the row (publish, review approval, the listing's details, a seed): the database keeps it.
CREATE FUNCTION "plugins_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."latest_version" IS DISTINCT FROM OLD."latest_version" THEN
    NEW."readme" := coalesce("plugin_readme"(NEW."id", NEW."latest_version"), '');
  END IF;
  NEW."search_vector" :=
    setweight(to_tsvector('english', NEW."name"), 'A') ||
    setweight(to_tsvector('simple', replace(NEW."slug", '-', ' ')), 'A') ||
    setweight(to_tsvector('english', array_to_string(NEW."tags", ' ')), 'B') ||
    setweight(to_tsvector('english', NEW."description"), 'C') ||
    setweight(to_tsvector('english', NEW."readme"), 'D');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "plugins_search_document" BEFORE INSERT OR UPDATE OF "name", "slug", "tags", "description", "latest_version", "readme" ON "plugins"
  FOR EACH ROW EXECUTE FUNCTION "plugins_search_document"();--> statement-breakpoint
-- A publish writes the listing before the version's files: a README arriving for the listed version refreshes the document.
CREATE FUNCTION "plugin_files_readme"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "plugins" p SET "readme" = coalesce("plugin_readme"(p."id", p."latest_version"), '')
  FROM "plugin_versions" v WHERE v."id" = NEW."version_id" AND p."id" = v."plugin_id" AND p."latest_version" = v."version";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "plugin_files_readme" AFTER INSERT ON "plugin_files"
  FOR EACH ROW WHEN (lower(NEW."path") IN ('readme.md', 'readme', 'readme.txt', 'readme.markdown')) EXECUTE FUNCTION "plugin_files_readme"();--> statement-breakpoint
-- Plugins listed before search existed.
UPDATE "plugins" SET "readme" = coalesce("plugin_readme"("id", "latest_version"), '');--> statement-breakpoint
-- And the events of that UPDATE, so a later migration in the same run may alter plugins too.
SET CONSTRAINTS ALL IMMEDIATE;
