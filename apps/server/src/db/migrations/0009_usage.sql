CREATE TABLE "usage_alerts" (
	"customer_id" integer NOT NULL,
	"month" date NOT NULL,
	"percent" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_alerts_customer_id_month_percent_pk" PRIMARY KEY("customer_id","month","percent")
);
--> statement-breakpoint
CREATE TABLE "usage_quotas" (
	"customer_id" integer NOT NULL,
	"month" date NOT NULL,
	"quota" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_quotas_customer_id_month_pk" PRIMARY KEY("customer_id","month"),
	CONSTRAINT "usage_quotas_quota_range" CHECK ("usage_quotas"."quota" is null or "usage_quotas"."quota" >= 0)
);
--> statement-breakpoint
ALTER TABLE "usage_alerts" ADD CONSTRAINT "usage_alerts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_quotas" ADD CONSTRAINT "usage_quotas_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_quotas" ADD CONSTRAINT "usage_quotas_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;