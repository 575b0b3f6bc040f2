-- hand-written, first: as in 0030, fire deferred triggers an earlier migration of the same upgrade left pending.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
-- The desktop app's access tokens are kept per process as API keys are (packages/api accounts/app-tokens.ts):
-- whatever changes what a token's caller is — its sign-in revoked, rescoped or gone, the token itself changed
-- or deleted — NOTIFYs the account's id on "account_principal" at commit, as 0030's triggers do for keys.
-- A sign-in's last use and a refresh token's use change nothing a caller carries and send nothing.
CREATE TRIGGER "oauth_grants_principal_notice" AFTER UPDATE ON "oauth_grants"
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.scopes IS DISTINCT FROM NEW.scopes
    OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.client_id IS DISTINCT FROM NEW.client_id)
  EXECUTE FUNCTION "account_principal_notice"('account_id');--> statement-breakpoint
CREATE TRIGGER "oauth_grants_deleted_principal_notice" AFTER DELETE ON "oauth_grants"
  FOR EACH ROW EXECUTE FUNCTION "account_principal_notice"('account_id');--> statement-breakpoint
-- A token row names its sign-in, not its account: the account is looked up (a sign-in deleted with it announces itself).
CREATE FUNCTION "oauth_token_principal_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('account_principal', g.account_id::text) FROM "oauth_grants" g WHERE g.id IN (OLD.grant_id, NEW.grant_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "oauth_tokens_principal_notice" AFTER UPDATE ON "oauth_tokens"
  FOR EACH ROW WHEN (OLD.kind = 'access' AND (OLD.scopes IS DISTINCT FROM NEW.scopes OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.hash IS DISTINCT FROM NEW.hash OR OLD.grant_id IS DISTINCT FROM NEW.grant_id OR OLD.kind IS DISTINCT FROM NEW.kind))
  EXECUTE FUNCTION "oauth_token_principal_notice"();--> statement-breakpoint
CREATE TRIGGER "oauth_tokens_deleted_principal_notice" AFTER DELETE ON "oauth_tokens"
  FOR EACH ROW WHEN (OLD.kind = 'access') EXECUTE FUNCTION "oauth_token_principal_notice"();
