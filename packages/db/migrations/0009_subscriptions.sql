CREATE TABLE "complimentary_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"note" text,
	"granted_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"revoked_by" uuid,
	CONSTRAINT "complimentary_plans_plan_check" CHECK ("complimentary_plans"."plan" in ('pro', 'ultimate'))
);
--> statement-breakpoint
CREATE TABLE "revenue_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"account_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_entries_kind_check" CHECK ("revenue_entries"."kind" in ('subscription_payment', 'subscription_refund')),
	CONSTRAINT "revenue_entries_sign_check" CHECK (("revenue_entries"."kind" = 'subscription_payment' and "revenue_entries"."amount" > 0) or ("revenue_entries"."kind" = 'subscription_refund' and "revenue_entries"."amount" < 0))
);
--> statement-breakpoint
CREATE TABLE "subscription_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"plan" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"period_end" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"paid_at" timestamp (3) with time zone NOT NULL,
	"refunded_at" timestamp (3) with time zone,
	CONSTRAINT "subscription_payments_amount_check" CHECK ("subscription_payments"."amount" > 0),
	CONSTRAINT "subscription_payments_kind_check" CHECK ("subscription_payments"."kind" in ('initial', 'renewal', 'proration'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"interval" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"provider_subscription_id" text,
	"provider_customer_id" text,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"current_period_start" timestamp (3) with time zone,
	"current_period_end" timestamp (3) with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"scheduled_plan" text,
	"test_card" text,
	"last_failed_at" timestamp (3) with time zone,
	"ended_at" timestamp (3) with time zone,
	"ended_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_plan_check" CHECK ("subscriptions"."plan" in ('pro', 'ultimate')),
	CONSTRAINT "subscriptions_scheduled_plan_check" CHECK ("subscriptions"."scheduled_plan" is null or "subscriptions"."scheduled_plan" in ('pro', 'ultimate')),
	CONSTRAINT "subscriptions_interval_check" CHECK ("subscriptions"."interval" in ('month', 'year')),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('incomplete', 'active', 'past_due', 'ended')),
	CONSTRAINT "subscriptions_amount_check" CHECK ("subscriptions"."amount" > 0),
	CONSTRAINT "subscriptions_period_check" CHECK ("subscriptions"."status" in ('incomplete', 'ended') or ("subscriptions"."current_period_start" is not null and "subscriptions"."current_period_end" > "subscriptions"."current_period_start"))
);
--> statement-breakpoint
ALTER TABLE "complimentary_plans" ADD CONSTRAINT "complimentary_plans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complimentary_plans" ADD CONSTRAINT "complimentary_plans_granted_by_accounts_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complimentary_plans" ADD CONSTRAINT "complimentary_plans_revoked_by_accounts_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD CONSTRAINT "revenue_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD CONSTRAINT "revenue_entries_payment_id_subscription_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."subscription_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complimentary_plans_account_idx" ON "complimentary_plans" USING btree ("account_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_entries_payment_kind_key" ON "revenue_entries" USING btree ("payment_id","kind");--> statement-breakpoint
CREATE INDEX "revenue_entries_account_idx" ON "revenue_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_provider_key" ON "subscription_payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "subscription_payments_account_idx" ON "subscription_payments" USING btree ("account_id","paid_at");--> statement-breakpoint
CREATE INDEX "subscription_payments_subscription_idx" ON "subscription_payments" USING btree ("subscription_id","paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_key" ON "subscriptions" USING btree ("account_id") WHERE "subscriptions"."status" in ('active', 'past_due');--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_key" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_account_idx" ON "subscriptions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
-- The revenue ledger is append-only: money records are corrected by a new entry, never by changing one.
CREATE FUNCTION "revenue_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'revenue_entries is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "revenue_entries_append_only" BEFORE UPDATE OR DELETE ON "revenue_entries"
  FOR EACH ROW EXECUTE FUNCTION "revenue_entries_refuse_change"();
