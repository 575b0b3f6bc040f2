CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"plugin_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	CONSTRAINT "checkouts_amount_check" CHECK ("checkouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"gross" integer NOT NULL,
	"share" integer NOT NULL,
	"purchase_id" uuid,
	"payout_id" uuid,
	"available_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_kind_check" CHECK ("ledger_entries"."kind" in ('sale', 'refund', 'payout'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plugin_id" uuid NOT NULL,
	"tier" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (3) with time zone,
	"decided_by" uuid,
	CONSTRAINT "price_requests_tier_check" CHECK ("price_requests"."tier" in ('t1', 't2', 't3', 't4', 't5')),
	CONSTRAINT "price_requests_status_check" CHECK ("price_requests"."status" in ('pending', 'approved', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"plugin_id" uuid NOT NULL,
	"checkout_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"paid_at" timestamp (3) with time zone NOT NULL,
	"refunded_at" timestamp (3) with time zone,
	CONSTRAINT "purchases_amount_check" CHECK ("purchases"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_requests" ADD CONSTRAINT "price_requests_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_requests" ADD CONSTRAINT "price_requests_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_account_idx" ON "checkouts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_author_idx" ON "ledger_entries" USING btree ("author_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_purchase_kind_key" ON "ledger_entries" USING btree ("purchase_id","kind") WHERE "ledger_entries"."purchase_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_payout_key" ON "ledger_entries" USING btree ("payout_id") WHERE "ledger_entries"."payout_id" is not null;--> statement-breakpoint
CREATE INDEX "payouts_account_idx" ON "payouts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_requests_open_key" ON "price_requests" USING btree ("plugin_id") WHERE "price_requests"."status" in ('pending', 'rejected');--> statement-breakpoint
CREATE INDEX "price_requests_status_idx" ON "price_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_paid_key" ON "purchases" USING btree ("account_id","plugin_id") WHERE "purchases"."status" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_payment_key" ON "purchases" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_checkout_key" ON "purchases" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "purchases_account_idx" ON "purchases" USING btree ("account_id","paid_at");