-- hand-written, first: an upgrade runs every pending migration in one transaction; fire the deferred triggers an earlier one
-- left pending on "plugins", or PostgreSQL refuses to ALTER the table (as 0024–0027 do).
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "api_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- hand-written: the plugin API version of the version each listing shows (its manifest's `api`, 1 when left out).
UPDATE "plugins" p SET "api_version" = coalesce((v."manifest"->>'api')::smallint, 1)
FROM "plugin_versions" v
WHERE v."plugin_id" = p."id" AND v."version" = p."latest_version" AND p."api_version" IS DISTINCT FROM coalesce((v."manifest"->>'api')::smallint, 1);
