CREATE TABLE "overlay_revisions" (
	"overlay_id" uuid NOT NULL,
	"rev" integer NOT NULL,
	"document" jsonb NOT NULL,
	"saved_by" uuid NOT NULL,
	"saved_at" timestamp (3) with time zone NOT NULL,
	"surface" text,
	"bytes" integer NOT NULL,
	CONSTRAINT "overlay_revisions_overlay_id_rev_pk" PRIMARY KEY("overlay_id","rev"),
	CONSTRAINT "overlay_revisions_surface_check" CHECK ("overlay_revisions"."surface" in ('rest', 'web'))
);
--> statement-breakpoint
ALTER TABLE "overlays" ADD COLUMN "saved_by" uuid;--> statement-breakpoint
ALTER TABLE "overlays" ADD COLUMN "saved_surface" text;--> statement-breakpoint
ALTER TABLE "overlay_revisions" ADD CONSTRAINT "overlay_revisions_overlay_id_overlays_id_fk" FOREIGN KEY ("overlay_id") REFERENCES "public"."overlays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overlay_revisions" ADD CONSTRAINT "overlay_revisions_saved_by_accounts_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overlays" ADD CONSTRAINT "overlays_saved_by_accounts_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overlays" ADD CONSTRAINT "overlays_saved_surface_check" CHECK ("overlays"."saved_surface" in ('rest', 'web'));