CREATE TABLE "chat_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"owner_user_id" integer,
	"wc_id" text NOT NULL,
	"account" text NOT NULL,
	"login_status" text DEFAULT 'offline' NOT NULL,
	"avatar" text,
	"nickname" text DEFAULT '' NOT NULL,
	"signature" text,
	"gender" text DEFAULT 'other' NOT NULL,
	"region" integer,
	"first_login_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"offline_at" timestamp with time zone,
	"offline_reason" text,
	"checked_at" timestamp with time zone,
	"contacts_init_status" text DEFAULT 'none' NOT NULL,
	"contacts_processed" integer DEFAULT 0 NOT NULL,
	"contacts_total" integer DEFAULT 0 NOT NULL,
	"contacts_init_error" text,
	"contacts_init_started_at" timestamp with time zone,
	"contacts_initialized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"wc_id" text NOT NULL,
	"account" text,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"type" text DEFAULT 'friend' NOT NULL,
	"gender" text DEFAULT 'other' NOT NULL,
	"relationship" text DEFAULT 'default' NOT NULL,
	"gone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"gateway_label_id" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_login_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer,
	"account_id" integer,
	"region" integer NOT NULL,
	"gateway_session_id" text NOT NULL,
	"qr_content" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"contact_id" integer,
	"peer_wc_id" text NOT NULL,
	"sender_wc_id" text,
	"direction" text NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"file_name" text,
	"gateway_msg_id" text,
	"content_hash" text,
	"redeliveries" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"batch_id" integer,
	"source" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_pacing" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"sent_today" integer DEFAULT 0 NOT NULL,
	"refused_today" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_refused_at" timestamp with time zone,
	"backoff_level" integer DEFAULT 0 NOT NULL,
	"backoff_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_send_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_send_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer,
	"type" text NOT NULL,
	"content" text,
	"files" jsonb,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_accounts" ADD CONSTRAINT "chat_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_accounts" ADD CONSTRAINT "chat_accounts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_contacts" ADD CONSTRAINT "chat_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_contacts" ADD CONSTRAINT "chat_contacts_account_id_chat_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chat_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_labels" ADD CONSTRAINT "chat_labels_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_labels" ADD CONSTRAINT "chat_labels_account_id_chat_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chat_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_login_sessions" ADD CONSTRAINT "chat_login_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_login_sessions" ADD CONSTRAINT "chat_login_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_login_sessions" ADD CONSTRAINT "chat_login_sessions_account_id_chat_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chat_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_account_id_chat_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chat_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_contact_id_chat_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."chat_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_batch_id_chat_send_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."chat_send_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_pacing" ADD CONSTRAINT "chat_pacing_account_id_chat_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chat_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_send_batches" ADD CONSTRAINT "chat_send_batches_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_send_batches" ADD CONSTRAINT "chat_send_batches_account_id_chat_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chat_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_send_batches" ADD CONSTRAINT "chat_send_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_accounts_wc_id_uq" ON "chat_accounts" USING btree ("wc_id");--> statement-breakpoint
CREATE INDEX "chat_accounts_customer_idx" ON "chat_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "chat_accounts_owner_idx" ON "chat_accounts" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_contacts_account_wc_uq" ON "chat_contacts" USING btree ("account_id","wc_id");--> statement-breakpoint
CREATE INDEX "chat_contacts_customer_idx" ON "chat_contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_labels_account_label_uq" ON "chat_labels" USING btree ("account_id","gateway_label_id");--> statement-breakpoint
CREATE INDEX "chat_login_sessions_created_idx" ON "chat_login_sessions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_gateway_msg_uq" ON "chat_messages" USING btree ("account_id","gateway_msg_id");--> statement-breakpoint
CREATE INDEX "chat_messages_hash_idx" ON "chat_messages" USING btree ("account_id","content_hash","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_batch_idx" ON "chat_messages" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "chat_messages_account_created_idx" ON "chat_messages" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_send_batches_account_idx" ON "chat_send_batches" USING btree ("account_id");