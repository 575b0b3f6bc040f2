-- hand-written, first: an upgrade runs every pending migration in one transaction; fire the deferred triggers an earlier one
-- left pending on "plugins", or PostgreSQL refuses to ALTER the table (as 0024–0026 do).
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "rating_order" smallint GENERATED ALWAYS AS ((case when rating_count > 0 then (rating_sum * 100 / rating_count) else 0 end)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "plugins_rating_order_idx" ON "plugins" USING btree ("rating_order","rating_count","downloads","id") WHERE "plugins"."status" = 'published';