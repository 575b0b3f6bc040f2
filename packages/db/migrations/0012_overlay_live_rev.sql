ALTER TABLE "overlays" ADD COLUMN "live_rev" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Every existing overlay goes live at its current rev: nothing on stream changes by upgrading.
UPDATE "overlays" SET "live_rev" = "rev";--> statement-breakpoint
ALTER TABLE "overlays" ADD CONSTRAINT "overlays_live_rev_check" CHECK ("overlays"."live_rev" between 1 and "overlays"."rev");
