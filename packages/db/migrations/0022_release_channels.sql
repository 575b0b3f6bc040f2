CREATE TABLE "app_release_minimums" (
	"target" text NOT NULL,
	"arch" text NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "app_release_minimums_target_arch_channel_pk" PRIMARY KEY("target","arch","channel")
);
--> statement-breakpoint
ALTER TABLE "app_releases" ADD COLUMN "channel" text DEFAULT 'stable' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_releases" ADD COLUMN "rollback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_releases" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_releases" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "app_releases" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "app_releases" ADD COLUMN "withdrawn_by" uuid;--> statement-breakpoint
ALTER TABLE "app_release_minimums" ADD CONSTRAINT "app_release_minimums_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_releases" ADD CONSTRAINT "app_releases_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_releases" ADD CONSTRAINT "app_releases_withdrawn_by_accounts_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written: a release published before this migration was last changed when it was published or withdrawn.
UPDATE "app_releases" SET "updated_at" = coalesce("withdrawn_at", "created_at");
