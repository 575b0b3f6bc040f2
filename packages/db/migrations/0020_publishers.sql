CREATE TABLE "publisher_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp (3) with time zone,
	"method" text,
	"checked_at" timestamp (3) with time zone,
	"last_problem" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publisher_grants" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"granted_by" uuid,
	"note" text NOT NULL,
	"granted_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publisher_handles" (
	"handle" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publisher_handles_format" CHECK ("publisher_handles"."handle" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("publisher_handles"."handle") between 3 and 40)
);
--> statement-breakpoint
CREATE TABLE "publisher_verification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"action" text NOT NULL,
	"domain" text,
	"actor_id" uuid,
	"via" text NOT NULL,
	"note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publisher_domains" ADD CONSTRAINT "publisher_domains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_grants" ADD CONSTRAINT "publisher_grants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_grants" ADD CONSTRAINT "publisher_grants_granted_by_accounts_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_handles" ADD CONSTRAINT "publisher_handles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_verification_events" ADD CONSTRAINT "publisher_verification_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_verification_events" ADD CONSTRAINT "publisher_verification_events_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_domains_account_domain_key" ON "publisher_domains" USING btree ("account_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_domains_verified_key" ON "publisher_domains" USING btree ("domain") WHERE "publisher_domains"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "publisher_domains_checked_idx" ON "publisher_domains" USING btree ("checked_at") WHERE "publisher_domains"."verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_handles_current_key" ON "publisher_handles" USING btree ("account_id") WHERE "publisher_handles"."current";--> statement-breakpoint
CREATE INDEX "publisher_handles_account_idx" ON "publisher_handles" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "publisher_verification_events_account_idx" ON "publisher_verification_events" USING btree ("account_id","created_at");--> statement-breakpoint
-- hand-written:
-- A publisher's first handle, derived from its name (docs/plugins.md#publisher-handles): lower case,
-- common accents folded, anything else between letters and digits a single hyphen, at most 32 characters;
-- shorter than 3 → "publisher"; a reserved word (unless the account is the service's own) or a taken handle
-- → the first free "-2", "-3", …. The unique keys decide between concurrent first publishes.
CREATE FUNCTION "publisher_handle_assign"(account uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text;
  is_official boolean;
  candidate text;
  assigned text;
  n integer := 1;
BEGIN
  SELECT handle INTO assigned FROM publisher_handles WHERE account_id = account AND current;
  IF assigned IS NOT NULL THEN RETURN assigned; END IF;
  SELECT lower(coalesce(name, '')), official INTO base, is_official FROM accounts WHERE id = account;
  base := translate(base, 'àáâãäåāăąçćčďèéêëēėęěğìíîïīįıľłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿźžż', 'aaaaaaaaacccdeeeeeeeegiiiiiiillnnnoooooooorrssstuuuuuuuuyyzzz');
  base := replace(replace(base, 'ß', 'ss'), 'æ', 'ae');
  base := trim(both '-' from regexp_replace(base, '[^a-z0-9]+', '-', 'g'));
  base := trim(both '-' from left(base, 32));
  IF length(base) < 3 THEN base := 'publisher'; END IF;
  IF NOT coalesce(is_official, false) AND base IN (
    'admin', 'administrator', 'api', 'help', 'moderator', 'official', 'operator', 'root', 'security',
    'settings', 'staff', 'streamkit', 'support', 'system', 'verified', 'www'
  ) THEN n := 2; END IF;
  LOOP
    candidate := CASE WHEN n = 1 THEN base ELSE base || '-' || n END;
    INSERT INTO publisher_handles (handle, account_id) VALUES (candidate, account) ON CONFLICT DO NOTHING RETURNING handle INTO assigned;
    IF assigned IS NOT NULL THEN RETURN assigned; END IF;
    -- Lost to a concurrent assignment for this very account: that one stands.
    SELECT handle INTO assigned FROM publisher_handles WHERE account_id = account AND current;
    IF assigned IS NOT NULL THEN RETURN assigned; END IF;
    n := n + 1;
  END LOOP;
END;
$$;--> statement-breakpoint
-- Whoever inserts a plugin (a publish, the demo seed, a hand-made INSERT), its owner has a handle after.
CREATE FUNCTION "plugins_publisher_handle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM publisher_handles WHERE account_id = NEW.owner_id AND current) THEN
    PERFORM publisher_handle_assign(NEW.owner_id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "plugins_publisher_handle" AFTER INSERT ON "plugins"
  FOR EACH ROW EXECUTE FUNCTION "plugins_publisher_handle"();--> statement-breakpoint
-- Listings show the handle: a new or renamed one moves the marketplace's version (0008_marketplace_version.sql).
CREATE CONSTRAINT TRIGGER "publisher_handles_marketplace_version" AFTER INSERT OR UPDATE OR DELETE ON "publisher_handles"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "marketplace_version_bump"();--> statement-breakpoint
-- Publishers of existing plugins, earliest first publish first (so the first of two alike names keeps it plain).
DO $$
DECLARE owner uuid;
BEGIN
  FOR owner IN SELECT owner_id FROM plugins GROUP BY owner_id ORDER BY min(created_at), owner_id LOOP
    PERFORM publisher_handle_assign(owner);
  END LOOP;
END;
$$;
