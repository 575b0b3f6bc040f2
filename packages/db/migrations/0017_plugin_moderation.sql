CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plugin_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"note" text DEFAULT '' NOT NULL,
	"message" text,
	"operator_id" uuid NOT NULL,
	"reports_closed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_decisions_action_check" CHECK ("moderation_decisions"."action" in ('dismiss', 'warn', 'take_down', 'restore')),
	CONSTRAINT "moderation_decisions_reason_check" CHECK (reason is null or reason in ('malware', 'privacy', 'impersonation', 'copyright', 'spam', 'broken', 'other'))
);
--> statement-breakpoint
CREATE TABLE "plugin_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plugin_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_reports_reason_check" CHECK (reason in ('malware', 'privacy', 'impersonation', 'copyright', 'spam', 'broken', 'other')),
	CONSTRAINT "plugin_reports_status_check" CHECK ("plugin_reports"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "plugin_takedowns" (
	"plugin_id" uuid PRIMARY KEY NOT NULL,
	"decision_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"message" text,
	"restore_status" text NOT NULL,
	"taken_down_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_takedowns_reason_check" CHECK (reason in ('malware', 'privacy', 'impersonation', 'copyright', 'spam', 'broken', 'other')),
	CONSTRAINT "plugin_takedowns_restore_status_check" CHECK ("plugin_takedowns"."restore_status" in ('published', 'hidden', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "plugins" DROP CONSTRAINT "plugins_status_check";--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_operator_id_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_reports" ADD CONSTRAINT "plugin_reports_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_reports" ADD CONSTRAINT "plugin_reports_reporter_id_accounts_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_reports" ADD CONSTRAINT "plugin_reports_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_takedowns" ADD CONSTRAINT "plugin_takedowns_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_takedowns" ADD CONSTRAINT "plugin_takedowns_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_decisions_plugin_idx" ON "moderation_decisions" USING btree ("plugin_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_created_idx" ON "moderation_decisions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_reports_open_key" ON "plugin_reports" USING btree ("plugin_id","reporter_id") WHERE "plugin_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "plugin_reports_open_idx" ON "plugin_reports" USING btree ("plugin_id","updated_at") WHERE "plugin_reports"."status" = 'open';--> statement-breakpoint
ALTER TABLE "plugins" ADD CONSTRAINT "plugins_status_check" CHECK ("plugins"."status" in ('published', 'hidden', 'removed', 'taken_down'));