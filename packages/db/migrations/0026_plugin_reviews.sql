-- Hand-written, first: run the deferred triggers earlier migrations of this run queued on "plugins" (0021's look-alike keys,
-- an upgrade from before it), else PostgreSQL refuses the ALTER TABLE "plugins" below ("pending trigger events").
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "plugin_review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_review_reports_reason_check" CHECK (reason in ('spam', 'abuse', 'off_topic', 'personal_data', 'other')),
	CONSTRAINT "plugin_review_reports_status_check" CHECK ("plugin_review_reports"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "plugin_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plugin_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"reply" text,
	"replied_at" timestamp (3) with time zone,
	"reply_updated_at" timestamp (3) with time zone,
	"hidden_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_reviews_rating_check" CHECK ("plugin_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "review_moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"action" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"operator_id" uuid NOT NULL,
	"reports_closed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_moderation_decisions_action_check" CHECK ("review_moderation_decisions"."action" in ('hide', 'unhide', 'dismiss'))
);
--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plugin_review_reports" ADD CONSTRAINT "plugin_review_reports_review_id_plugin_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."plugin_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_review_reports" ADD CONSTRAINT "plugin_review_reports_reporter_id_accounts_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_reviews" ADD CONSTRAINT "plugin_reviews_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_reviews" ADD CONSTRAINT "plugin_reviews_reviewer_id_accounts_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_moderation_decisions" ADD CONSTRAINT "review_moderation_decisions_review_id_plugin_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."plugin_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_moderation_decisions" ADD CONSTRAINT "review_moderation_decisions_operator_id_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_review_reports_open_key" ON "plugin_review_reports" USING btree ("review_id","reporter_id") WHERE "plugin_review_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "plugin_review_reports_open_idx" ON "plugin_review_reports" USING btree ("review_id","updated_at") WHERE "plugin_review_reports"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_reviews_plugin_reviewer_key" ON "plugin_reviews" USING btree ("plugin_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "plugin_reviews_visible_idx" ON "plugin_reviews" USING btree ("plugin_id","created_at","id") WHERE "plugin_reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "plugin_reviews_reviewer_idx" ON "plugin_reviews" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "review_moderation_decisions_created_idx" ON "review_moderation_decisions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "review_moderation_decisions_review_idx" ON "review_moderation_decisions" USING btree ("review_id","created_at");--> statement-breakpoint
ALTER TABLE "plugins" ADD CONSTRAINT "plugins_rating_check" CHECK ("plugins"."rating_count" >= 0 and "plugins"."rating_sum" between "plugins"."rating_count" and 5 * "plugins"."rating_count");--> statement-breakpoint
-- hand-written: a plugin's reviews show on its page and in GET /plugins/{slug}/reviews, which anonymous visitors get from the
-- caches kept per marketplace version: a review written, edited, replied to, hidden or deleted moves it (0008_marketplace_version.sql).
CREATE CONSTRAINT TRIGGER "plugin_reviews_marketplace_version" AFTER INSERT OR UPDATE OR DELETE ON "plugin_reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "marketplace_version_bump"();
--> statement-breakpoint
-- hand-written: reviews deleted by a cascade (an account deleted by hand) leave their plugins' rating_sum and rating_count
-- exact too. The service's own writes recount under the plugin's row lock; this does the same for any other delete: the lock
-- first, then the recount in a statement of its own, which sees every review committed before the lock was granted.
CREATE FUNCTION "plugin_reviews_recount_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "plugins" WHERE "id" IN (SELECT DISTINCT "plugin_id" FROM deleted) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "plugins" p SET
    "rating_sum" = (SELECT coalesce(sum(r."rating"), 0)::int FROM "plugin_reviews" r WHERE r."plugin_id" = p."id" AND r."hidden_at" IS NULL),
    "rating_count" = (SELECT count(*)::int FROM "plugin_reviews" r WHERE r."plugin_id" = p."id" AND r."hidden_at" IS NULL)
  WHERE p."id" IN (SELECT DISTINCT "plugin_id" FROM deleted);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "plugin_reviews_recount_deleted" AFTER DELETE ON "plugin_reviews"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "plugin_reviews_recount_deleted"();
