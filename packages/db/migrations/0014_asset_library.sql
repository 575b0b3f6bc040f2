CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"blob_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"animated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_size_check" CHECK ("assets"."size" > 0),
	CONSTRAINT "assets_dimensions_check" CHECK ("assets"."width" > 0 and "assets"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_blob_key_blobs_key_fk" FOREIGN KEY ("blob_key") REFERENCES "public"."blobs"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_account_created_idx" ON "assets" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "assets_blob_key_idx" ON "assets" USING btree ("blob_key");