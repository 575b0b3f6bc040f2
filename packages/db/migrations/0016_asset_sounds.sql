ALTER TABLE "assets" DROP CONSTRAINT "assets_dimensions_check";--> statement-breakpoint
ALTER TABLE "assets" ALTER COLUMN "width" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ALTER COLUMN "height" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_dimensions_check" CHECK (("assets"."content_type" like 'image/%' and "assets"."width" > 0 and "assets"."height" > 0) or ("assets"."content_type" like 'audio/%' and "assets"."width" is null and "assets"."height" is null));