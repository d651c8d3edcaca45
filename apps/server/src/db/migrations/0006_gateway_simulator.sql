CREATE TABLE "gwsim_accounts" (
	"wc_id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"nickname" text NOT NULL,
	"avatar" text,
	"signature" text,
	"gender" text NOT NULL,
	"seed" integer NOT NULL,
	"customer_page_id" text NOT NULL,
	"w_id" text,
	"online" boolean DEFAULT false NOT NULL,
	"region" integer,
	"phone_region" integer,
	"offline_reason" text,
	"offline_at" timestamp with time zone,
	"drop_at" timestamp with time zone,
	"drop_reason" text,
	"first_day_drop_done" boolean DEFAULT false NOT NULL,
	"sends_fail" boolean DEFAULT false NOT NULL,
	"contacts_generated" boolean DEFAULT false NOT NULL,
	"init_started_at" timestamp with time zone,
	"init_total" integer DEFAULT 0 NOT NULL,
	"last_send_at" timestamp with time zone,
	"first_login_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gwsim_accounts_customer_page_id_unique" UNIQUE("customer_page_id")
);
--> statement-breakpoint
CREATE TABLE "gwsim_contacts" (
	"wc_id" text NOT NULL,
	"contact_wc_id" text NOT NULL,
	"account" text,
	"nickname" text NOT NULL,
	"avatar" text,
	"type" text NOT NULL,
	"gender" text NOT NULL,
	"label_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer NOT NULL,
	"source" text NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gwsim_contacts_wc_id_contact_wc_id_pk" PRIMARY KEY("wc_id","contact_wc_id")
);
--> statement-breakpoint
CREATE TABLE "gwsim_friend_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"v2" text NOT NULL,
	"wc_id" text NOT NULL,
	"from_wc_id" text NOT NULL,
	"nickname" text NOT NULL,
	"greeting" text DEFAULT '' NOT NULL,
	"scene" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gwsim_labels" (
	"wc_id" text NOT NULL,
	"label_id" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "gwsim_labels_wc_id_label_id_pk" PRIMARY KEY("wc_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "gwsim_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"phone_id" text NOT NULL,
	"region" integer NOT NULL,
	"previous_wc_id" text,
	"state" text DEFAULT 'waiting' NOT NULL,
	"phone_region" integer,
	"wc_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"scanned_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gwsim_logins_phone_id_unique" UNIQUE("phone_id")
);
--> statement-breakpoint
CREATE TABLE "gwsim_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gwsim_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"msg_id" text NOT NULL,
	"wc_id" text NOT NULL,
	"peer_wc_id" text NOT NULL,
	"sender_wc_id" text,
	"direction" text NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"file_name" text,
	"file_size" integer,
	"status" text NOT NULL,
	"refusal" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "gwsim_messages_msg_id_unique" UNIQUE("msg_id")
);
--> statement-breakpoint
ALTER TABLE "gwsim_contacts" ADD CONSTRAINT "gwsim_contacts_wc_id_gwsim_accounts_wc_id_fk" FOREIGN KEY ("wc_id") REFERENCES "public"."gwsim_accounts"("wc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gwsim_friend_requests" ADD CONSTRAINT "gwsim_friend_requests_wc_id_gwsim_accounts_wc_id_fk" FOREIGN KEY ("wc_id") REFERENCES "public"."gwsim_accounts"("wc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gwsim_labels" ADD CONSTRAINT "gwsim_labels_wc_id_gwsim_accounts_wc_id_fk" FOREIGN KEY ("wc_id") REFERENCES "public"."gwsim_accounts"("wc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gwsim_messages" ADD CONSTRAINT "gwsim_messages_wc_id_gwsim_accounts_wc_id_fk" FOREIGN KEY ("wc_id") REFERENCES "public"."gwsim_accounts"("wc_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gwsim_messages_account_idx" ON "gwsim_messages" USING btree ("wc_id","direction","at");