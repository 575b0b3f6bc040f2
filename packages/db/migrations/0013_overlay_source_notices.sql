-- Open OBS browser sources learn of a lock or an unlock from the database itself
-- (docs/overlays.md#the-obs-browser-source): whatever changes what an account's
-- plan or suspension is — the operator, a payment webhook, a refund, a renewal,
-- a complimentary plan, from any process — NOTIFYs the channel the sources'
-- hubs LISTEN on (packages/api overlays/source-hub.ts, SOURCE_CHANNEL), at commit.
-- An overlay deleted with its account (a cascade) ends its streams the same way.
CREATE FUNCTION "overlay_source_notice_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('overlay_source', json_build_object('account', COALESCE(NEW.account_id, OLD.account_id))::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "overlay_source_notice_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('overlay_source', json_build_object('account', NEW.id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "overlay_source_notice_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('overlay_source', json_build_object('overlay', OLD.id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "subscriptions_overlay_source_notice" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "overlay_source_notice_owner"();--> statement-breakpoint
CREATE TRIGGER "complimentary_plans_overlay_source_notice" AFTER INSERT OR UPDATE OR DELETE ON "complimentary_plans"
  FOR EACH ROW EXECUTE FUNCTION "overlay_source_notice_owner"();--> statement-breakpoint
CREATE TRIGGER "accounts_overlay_source_notice" AFTER UPDATE OF "plan", "suspended" ON "accounts"
  FOR EACH ROW WHEN (OLD."plan" IS DISTINCT FROM NEW."plan" OR OLD."suspended" IS DISTINCT FROM NEW."suspended")
  EXECUTE FUNCTION "overlay_source_notice_account"();--> statement-breakpoint
CREATE TRIGGER "overlays_overlay_source_notice" AFTER DELETE ON "overlays"
  FOR EACH ROW EXECUTE FUNCTION "overlay_source_notice_deleted"();
