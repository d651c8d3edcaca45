CREATE TABLE "agent_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"app_id" integer,
	"conversation_id" integer NOT NULL,
	"channel" text NOT NULL,
	"trigger_message_id" bigint,
	"reply_message_id" bigint,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"step" text NOT NULL,
	"needs_person" boolean DEFAULT false NOT NULL,
	"latency_ms" integer NOT NULL,
	"units" integer DEFAULT 1 NOT NULL,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"app_id" integer,
	"channel" text NOT NULL,
	"user_id" integer,
	"account_id" integer,
	"contact_id" integer,
	"external_key" text,
	"title" text DEFAULT '' NOT NULL,
	"needs_person_at" timestamp with time zone,
	"paused_until" timestamp with time zone,
	"paused_by" integer,
	"pause_reason" text,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_role_configs" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"main_prompt" text DEFAULT '' NOT NULL,
	"main_prompt_updated_at" timestamp with time zone,
	"main_prompt_updated_by" integer,
	"auto_accept_friend" boolean DEFAULT false NOT NULL,
	"welcome_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lead_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"access_updated_at" timestamp with time zone,
	"access_updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "contact_leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"item" text NOT NULL,
	"value" text NOT NULL,
	"message_id" bigint,
	"method" text NOT NULL,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_accounts" ADD COLUMN "app_id" integer;--> statement-breakpoint
ALTER TABLE "knowledge_fragments" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "agent_answers" ADD CONSTRAINT "agent_answers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_answers" ADD CONSTRAINT "agent_answers_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_answers" ADD CONSTRAINT "agent_answers_conversation_id_agent_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."agent_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_answers" ADD CONSTRAINT "agent_answers_trigger_message_id_chat_messages_id_fk" FOREIGN KEY ("trigger_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_answers" ADD CONSTRAINT "agent_answers_reply_message_id_chat_messages_id_fk" FOREIGN KEY ("reply_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_conversations" ADD CONSTRAINT "agent_conversations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_conversations" ADD CONSTRAINT "agent_conversations_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_conversations" ADD CONSTRAINT "agent_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_conversations" ADD CONSTRAINT "agent_conversations_account_id_chat_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chat_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_conversations" ADD CONSTRAINT "agent_conversations_contact_id_chat_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."chat_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_conversations" ADD CONSTRAINT "agent_conversations_paused_by_users_id_fk" FOREIGN KEY ("paused_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_role_configs" ADD CONSTRAINT "ai_role_configs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_role_configs" ADD CONSTRAINT "ai_role_configs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_role_configs" ADD CONSTRAINT "ai_role_configs_main_prompt_updated_by_users_id_fk" FOREIGN KEY ("main_prompt_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_role_configs" ADD CONSTRAINT "ai_role_configs_access_updated_by_users_id_fk" FOREIGN KEY ("access_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_leads" ADD CONSTRAINT "contact_leads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_leads" ADD CONSTRAINT "contact_leads_contact_id_chat_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."chat_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_leads" ADD CONSTRAINT "contact_leads_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_answers_trigger_uq" ON "agent_answers" USING btree ("trigger_message_id");--> statement-breakpoint
CREATE INDEX "agent_answers_conversation_idx" ON "agent_answers" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "agent_answers_customer_created_idx" ON "agent_answers" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_answers_app_created_idx" ON "agent_answers" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_conversations_contact_uq" ON "agent_conversations" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_conversations_external_uq" ON "agent_conversations" USING btree ("app_id","external_key");--> statement-breakpoint
CREATE INDEX "agent_conversations_customer_idx" ON "agent_conversations" USING btree ("customer_id","needs_person_at");--> statement-breakpoint
CREATE INDEX "agent_conversations_user_idx" ON "agent_conversations" USING btree ("user_id","channel","last_message_at");--> statement-breakpoint
CREATE INDEX "ai_role_configs_customer_idx" ON "ai_role_configs" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_leads_contact_item_uq" ON "contact_leads" USING btree ("contact_id","item");--> statement-breakpoint
ALTER TABLE "chat_accounts" ADD CONSTRAINT "chat_accounts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_peer_idx" ON "chat_messages" USING btree ("account_id","peer_wc_id","id");--> statement-breakpoint
CREATE INDEX "knowledge_fragments_search_idx" ON "knowledge_fragments" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "knowledge_fragments_unindexed_idx" ON "knowledge_fragments" USING btree ("id") WHERE "knowledge_fragments"."search_vector" is null;