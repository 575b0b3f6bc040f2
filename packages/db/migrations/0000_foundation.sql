CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"name" text NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"country" text,
	"suspended" boolean DEFAULT false NOT NULL,
	"staff" boolean DEFAULT false NOT NULL,
	"official" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_plan_check" CHECK ("accounts"."plan" in ('free', 'pro', 'ultimate'))
);
--> statement-breakpoint
CREATE TABLE "plugin_files" (
	"version_id" uuid NOT NULL,
	"path" text NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "plugin_files_version_id_path_pk" PRIMARY KEY("version_id","path")
);
--> statement-breakpoint
CREATE TABLE "plugin_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plugin_id" uuid NOT NULL,
	"version" text NOT NULL,
	"version_key" text NOT NULL,
	"changelog" text DEFAULT '' NOT NULL,
	"manifest" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plugins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"official" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"homepage" text,
	"latest_version" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"price_tier" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugins_status_check" CHECK ("plugins"."status" in ('published', 'hidden', 'removed')),
	CONSTRAINT "plugins_downloads_check" CHECK ("plugins"."downloads" >= 0)
);
--> statement-breakpoint
ALTER TABLE "plugin_files" ADD CONSTRAINT "plugin_files_version_id_plugin_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."plugin_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD CONSTRAINT "plugin_versions_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugins" ADD CONSTRAINT "plugins_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_key" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_versions_plugin_version_key" ON "plugin_versions" USING btree ("plugin_id","version_key");--> statement-breakpoint
CREATE INDEX "plugin_versions_plugin_created_idx" ON "plugin_versions" USING btree ("plugin_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "plugins_slug_key" ON "plugins" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "plugins_market_order_idx" ON "plugins" USING btree ("official","downloads","id") WHERE "plugins"."status" = 'published';--> statement-breakpoint
CREATE INDEX "plugins_owner_idx" ON "plugins" USING btree ("owner_id");