-- hand-written, first: an upgrade runs every pending migration in one transaction; fire the deferred triggers an earlier one
-- left pending, or PostgreSQL refuses to add triggers to a table with pending events (as 0024–0029 do).
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
-- Each process keeps the callers of the API keys it has seen (packages/api accounts/principal-cache.ts).
-- Whatever changes what a key's caller is — the key revoked, expired or rescoped, the account's plan,
-- suspension or details, a subscription or complimentary plan, a first plugin (the author flag) — NOTIFYs
-- the account's id on "account_principal" at commit, from any process or tool, and every process drops
-- that account's keys. Writes that change nothing a caller carries (a key's last use) send nothing.
CREATE FUNCTION "account_principal_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before text := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ->> TG_ARGV[0] END;
  after text := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ->> TG_ARGV[0] END;
BEGIN
  IF before IS NOT NULL THEN
    PERFORM pg_notify('account_principal', before);
  END IF;
  IF after IS NOT NULL AND after IS DISTINCT FROM before THEN
    PERFORM pg_notify('account_principal', after);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "accounts_principal_notice" AFTER UPDATE ON "accounts"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "account_principal_notice"('id');--> statement-breakpoint
CREATE TRIGGER "accounts_deleted_principal_notice" AFTER DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "account_principal_notice"('id');--> statement-breakpoint
CREATE TRIGGER "api_keys_principal_notice" AFTER UPDATE ON "api_keys"
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.scopes IS DISTINCT FROM NEW.scopes OR OLD.hash IS DISTINCT FROM NEW.hash OR OLD.prefix IS DISTINCT FROM NEW.prefix
    OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION "account_principal_notice"('account_id');--> statement-breakpoint
CREATE TRIGGER "api_keys_deleted_principal_notice" AFTER DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION "account_principal_notice"('account_id');--> statement-breakpoint
CREATE TRIGGER "subscriptions_principal_notice" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "account_principal_notice"('account_id');--> statement-breakpoint
CREATE TRIGGER "complimentary_plans_principal_notice" AFTER INSERT OR UPDATE OR DELETE ON "complimentary_plans"
  FOR EACH ROW EXECUTE FUNCTION "account_principal_notice"('account_id');--> statement-breakpoint
-- The author flag: an account's first plugin, or its last one gone or handed over.
CREATE TRIGGER "plugins_principal_notice" AFTER INSERT OR DELETE ON "plugins"
  FOR EACH ROW EXECUTE FUNCTION "account_principal_notice"('owner_id');--> statement-breakpoint
CREATE TRIGGER "plugins_owner_principal_notice" AFTER UPDATE OF "owner_id" ON "plugins"
  FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id) EXECUTE FUNCTION "account_principal_notice"('owner_id');
