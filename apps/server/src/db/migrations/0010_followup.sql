CREATE TABLE "followup_robot_strategies" (
	"robot_id" integer NOT NULL,
	"strategy_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "followup_robot_strategies_robot_id_strategy_id_pk" PRIMARY KEY("robot_id","strategy_id")
);
--> statement-breakpoint
CREATE TABLE "followup_robots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "followup_robots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"daily_cap" integer NOT NULL,
	"work_start" text NOT NULL,
	"work_end" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "followup_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "followup_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"strategy_id" integer,
	"strategy_name" text NOT NULL,
	"robot_id" integer,
	"account_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"step" integer NOT NULL,
	"message_id" bigint,
	"status" text DEFAULT 'planned' NOT NULL,
	"reason" text,
	"planned_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "followup_strategies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "followup_strategies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"app_id" integer,
	"name" text NOT NULL,
	"trigger_type" text NOT NULL,
	"trigger_value" integer,
	"trigger_label" text,
	"audience_labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_sends_per_contact" integer NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "followup_robot_strategies" ADD CONSTRAINT "followup_robot_strategies_robot_id_followup_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."followup_robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_robot_strategies" ADD CONSTRAINT "followup_robot_strategies_strategy_id_followup_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."followup_strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_robots" ADD CONSTRAINT "followup_robots_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_robots" ADD CONSTRAINT "followup_robots_account_id_chat_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chat_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_robots" ADD CONSTRAINT "followup_robots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_robots" ADD CONSTRAINT "followup_robots_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_sends" ADD CONSTRAINT "followup_sends_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_sends" ADD CONSTRAINT "followup_sends_strategy_id_followup_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."followup_strategies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_sends" ADD CONSTRAINT "followup_sends_robot_id_followup_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."followup_robots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_sends" ADD CONSTRAINT "followup_sends_account_id_chat_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chat_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_sends" ADD CONSTRAINT "followup_sends_contact_id_chat_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."chat_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_sends" ADD CONSTRAINT "followup_sends_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_strategies" ADD CONSTRAINT "followup_strategies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_strategies" ADD CONSTRAINT "followup_strategies_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_strategies" ADD CONSTRAINT "followup_strategies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_strategies" ADD CONSTRAINT "followup_strategies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "followup_robot_strategies_strategy_idx" ON "followup_robot_strategies" USING btree ("strategy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "followup_robots_account_uq" ON "followup_robots" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "followup_robots_customer_idx" ON "followup_robots" USING btree ("customer_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "followup_sends_key_uq" ON "followup_sends" USING btree ("strategy_id","contact_id","step");--> statement-breakpoint
CREATE INDEX "followup_sends_robot_idx" ON "followup_sends" USING btree ("robot_id","planned_at");--> statement-breakpoint
CREATE INDEX "followup_sends_strategy_idx" ON "followup_sends" USING btree ("strategy_id","planned_at");--> statement-breakpoint
CREATE INDEX "followup_sends_contact_idx" ON "followup_sends" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "followup_sends_message_idx" ON "followup_sends" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "followup_strategies_name_uq" ON "followup_strategies" USING btree ("customer_id","name");--> statement-breakpoint
CREATE INDEX "followup_strategies_customer_idx" ON "followup_strategies" USING btree ("customer_id","updated_at");