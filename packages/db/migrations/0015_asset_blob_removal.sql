-- The asset library's bytes go with the last asset naming them (docs/overlays.md#pictures-and-the-asset-library):
-- after an asset row is deleted — one picture deleted, or every picture of a deleted account, by the cascade —
-- its blob is deleted too unless another asset (of any account: blobs are content-addressed) or a sound still names it.
-- A blob a concurrent, uncommitted upload has just taken is kept: the foreign key refuses the delete, and that refusal is swallowed.
CREATE FUNCTION "assets_remove_unused_blob"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "assets" WHERE "blob_key" = OLD."blob_key") THEN
    RETURN NULL;
  END IF;
  BEGIN
    DELETE FROM "blobs" WHERE "key" = OLD."blob_key";
  EXCEPTION WHEN foreign_key_violation THEN
    NULL;
  END;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "assets_remove_unused_blob" AFTER DELETE ON "assets"
  FOR EACH ROW EXECUTE FUNCTION "assets_remove_unused_blob"();
