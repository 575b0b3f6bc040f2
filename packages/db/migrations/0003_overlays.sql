CREATE TABLE "catalog_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"item_kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"plan" text,
	"document" jsonb,
	"position" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_items_kind_check" CHECK ("catalog_items"."item_kind" in ('overlay', 'widget', 'theme')),
	CONSTRAINT "catalog_items_plan_check" CHECK (("catalog_items"."item_kind" = 'theme' and "catalog_items"."plan" is null) or "catalog_items"."plan" in ('free', 'pro', 'ultimate'))
);
--> statement-breakpoint
CREATE TABLE "overlays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"document" jsonb NOT NULL,
	"rev" integer DEFAULT 1 NOT NULL,
	"plan" text NOT NULL,
	"forked_from" text,
	"source_version" integer DEFAULT 1,
	"source_issued" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overlays_plan_check" CHECK ("overlays"."plan" in ('pro', 'ultimate'))
);
--> statement-breakpoint
ALTER TABLE "overlays" ADD CONSTRAINT "overlays_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_items_slug_key" ON "catalog_items" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "catalog_items_kind_position_idx" ON "catalog_items" USING btree ("item_kind","position","slug");--> statement-breakpoint
CREATE INDEX "overlays_account_created_idx" ON "overlays" USING btree ("account_id","created_at","id");