CREATE TABLE "app_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"version_key" text NOT NULL,
	"target" text NOT NULL,
	"arch" text NOT NULL,
	"url" text NOT NULL,
	"signature" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"pub_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"rollout" integer DEFAULT 100 NOT NULL,
	"withdrawn_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_releases_rollout_check" CHECK ("app_releases"."rollout" between 0 and 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "app_releases_platform_version_key" ON "app_releases" USING btree ("target","arch","version_key");