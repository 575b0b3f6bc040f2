-- A save copies the replaced document's size into its revision within one statement (packages/api overlays/revisions.ts),
-- so the overlay row carries its document's size as JSON.stringify writes it: SQL cannot compute that from jsonb.
-- Rows saved before this migration have none; their first replaced revision reports the stored jsonb's text size.
ALTER TABLE "overlays" ADD COLUMN "document_bytes" integer;