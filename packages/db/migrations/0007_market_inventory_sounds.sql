CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"catalog_item_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_members" (
	"theme_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "theme_members_theme_id_member_id_pk" PRIMARY KEY("theme_id","member_id"),
	CONSTRAINT "theme_members_not_itself" CHECK ("theme_members"."theme_id" <> "theme_members"."member_id")
);
--> statement-breakpoint
CREATE TABLE "blob_chunks" (
	"blob_key" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "blob_chunks_blob_key_seq_pk" PRIMARY KEY("blob_key","seq")
);
--> statement-breakpoint
CREATE TABLE "blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"chunk_size" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blobs_size_check" CHECK ("blobs"."size" >= 0),
	CONSTRAINT "blobs_chunk_size_check" CHECK ("blobs"."chunk_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "sounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_ms" integer NOT NULL,
	"format" text NOT NULL,
	"size" bigint NOT NULL,
	"blob_key" text NOT NULL,
	"licence" text NOT NULL,
	"attribution" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sounds_duration_check" CHECK ("sounds"."duration_ms" > 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_catalog_item_id_catalog_items_id_fk" FOREIGN KEY ("catalog_item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_members" ADD CONSTRAINT "theme_members_theme_id_catalog_items_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_members" ADD CONSTRAINT "theme_members_member_id_catalog_items_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blob_chunks" ADD CONSTRAINT "blob_chunks_blob_key_blobs_key_fk" FOREIGN KEY ("blob_key") REFERENCES "public"."blobs"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sounds" ADD CONSTRAINT "sounds_blob_key_blobs_key_fk" FOREIGN KEY ("blob_key") REFERENCES "public"."blobs"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_account_item_key" ON "inventory_items" USING btree ("account_id","catalog_item_id");--> statement-breakpoint
CREATE INDEX "inventory_items_account_created_idx" ON "inventory_items" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "theme_members_member_idx" ON "theme_members" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sounds_slug_key" ON "sounds" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "sounds_category_name_idx" ON "sounds" USING btree ("category","name","id");--> statement-breakpoint
CREATE INDEX "sounds_name_idx" ON "sounds" USING btree ("name","id");