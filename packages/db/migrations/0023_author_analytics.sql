CREATE TABLE "plugin_download_days" (
	"plugin_id" uuid NOT NULL,
	"day" date NOT NULL,
	"version" text NOT NULL,
	"country" text NOT NULL,
	"downloads" integer NOT NULL,
	CONSTRAINT "plugin_download_days_plugin_id_day_version_country_pk" PRIMARY KEY("plugin_id","day","version","country"),
	CONSTRAINT "plugin_download_days_downloads_check" CHECK ("plugin_download_days"."downloads" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plugin_sale_days" (
	"plugin_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"sale_gross" integer DEFAULT 0 NOT NULL,
	"sale_share" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refund_gross" integer DEFAULT 0 NOT NULL,
	"refund_share" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plugin_sale_days_plugin_id_day_currency_pk" PRIMARY KEY("plugin_id","day","currency")
);
--> statement-breakpoint
ALTER TABLE "plugin_download_days" ADD CONSTRAINT "plugin_download_days_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_sale_days" ADD CONSTRAINT "plugin_sale_days_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: the roll-ups of what happened before this migration. A download row never recorded its version: it counts for the newest listed version published by the end of its day (else the plugin's latest); its country is the account's today ('' unknown).
INSERT INTO "plugin_download_days" ("plugin_id", "day", "version", "country", "downloads")
SELECT d."plugin_id", d."day", coalesce(v."version", p."latest_version"), coalesce(a."country", ''), count(*)::integer
FROM "plugin_downloads" d
JOIN "plugins" p ON p."id" = d."plugin_id"
JOIN "accounts" a ON a."id" = d."account_id"
LEFT JOIN LATERAL (
  SELECT pv."version" FROM "plugin_versions" pv
  WHERE pv."plugin_id" = d."plugin_id" AND pv."review_status" = 'listed' AND pv."created_at" < (d."day" + 1)::timestamp AT TIME ZONE 'UTC'
  ORDER BY pv."created_at" DESC, pv."id" DESC LIMIT 1
) v ON true
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- hand-written: sales and refunds by the UTC day of their ledger entry, as the sales view counts them.
INSERT INTO "plugin_sale_days" ("plugin_id", "day", "currency", "sales", "sale_gross", "sale_share", "refunds", "refund_gross", "refund_share")
SELECT pu."plugin_id", (l."created_at" AT TIME ZONE 'UTC')::date, l."currency",
  (count(*) FILTER (WHERE l."kind" = 'sale'))::integer,
  coalesce(sum(l."gross") FILTER (WHERE l."kind" = 'sale'), 0)::integer,
  coalesce(sum(l."share") FILTER (WHERE l."kind" = 'sale'), 0)::integer,
  (count(*) FILTER (WHERE l."kind" = 'refund'))::integer,
  coalesce(-sum(l."gross") FILTER (WHERE l."kind" = 'refund'), 0)::integer,
  coalesce(-sum(l."share") FILTER (WHERE l."kind" = 'refund'), 0)::integer
FROM "ledger_entries" l
JOIN "purchases" pu ON pu."id" = l."purchase_id"
WHERE l."kind" IN ('sale', 'refund')
GROUP BY 1, 2, 3;
