CREATE TABLE "contact_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"peer_wc_id" text NOT NULL,
	"app_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"first_in_at" timestamp with time zone,
	"first_response_ms" integer,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	"agent_replies" integer DEFAULT 0 NOT NULL,
	"fallback_replies" integer DEFAULT 0 NOT NULL,
	"person_replies" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metrics_daily" (
	"customer_id" integer NOT NULL,
	"day" date NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	"agent_replies" integer DEFAULT 0 NOT NULL,
	"agent_answered" integer DEFAULT 0 NOT NULL,
	"fallback_replies" integer DEFAULT 0 NOT NULL,
	"person_replies" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"active_sessions" integer DEFAULT 0 NOT NULL,
	"handover_sessions" integer DEFAULT 0 NOT NULL,
	"new_contacts" integer DEFAULT 0 NOT NULL,
	"friend_requests" integer DEFAULT 0 NOT NULL,
	"friends_accepted" integer DEFAULT 0 NOT NULL,
	"first_responses" integer DEFAULT 0 NOT NULL,
	"first_response_ms_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "metrics_daily_customer_id_day_pk" PRIMARY KEY("customer_id","day")
);
--> statement-breakpoint
CREATE TABLE "metrics_unanswered" (
	"customer_id" integer NOT NULL,
	"day" date NOT NULL,
	"question_key" text NOT NULL,
	"question" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metrics_unanswered_customer_id_day_question_key_pk" PRIMARY KEY("customer_id","day","question_key")
);
--> statement-breakpoint
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
ALTER TABLE "contact_sessions" ADD CONSTRAINT "contact_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_sessions" ADD CONSTRAINT "contact_sessions_account_id_chat_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chat_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_sessions" ADD CONSTRAINT "contact_sessions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrics_daily" ADD CONSTRAINT "metrics_daily_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrics_unanswered" ADD CONSTRAINT "metrics_unanswered_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_alerts" ADD CONSTRAINT "usage_alerts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_quotas" ADD CONSTRAINT "usage_quotas_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_quotas" ADD CONSTRAINT "usage_quotas_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_sessions_peer_idx" ON "contact_sessions" USING btree ("account_id","peer_wc_id","started_at");--> statement-breakpoint
CREATE INDEX "contact_sessions_customer_started_idx" ON "contact_sessions" USING btree ("customer_id","started_at");--> statement-breakpoint
CREATE INDEX "agent_answers_reply_idx" ON "agent_answers" USING btree ("reply_message_id");--> statement-breakpoint
CREATE INDEX "contact_leads_customer_captured_idx" ON "contact_leads" USING btree ("customer_id","captured_at");