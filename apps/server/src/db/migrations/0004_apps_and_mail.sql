CREATE TABLE "app_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"namespace_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"comment" text,
	"secret" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_namespaces" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_namespaces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"name" text NOT NULL,
	"format" text DEFAULT 'properties' NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "apps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"port" integer NOT NULL,
	"description" text,
	"desired_running" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'stopped' NOT NULL,
	"status_reason" text,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"key_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apps_port_range" CHECK ("apps"."port" between 1024 and 65535)
);
--> statement-breakpoint
CREATE TABLE "mail_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"security" text NOT NULL,
	"username" text,
	"password_sealed" text,
	"from_address" text NOT NULL,
	"from_name" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_settings_single_row" CHECK ("mail_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "app_items" ADD CONSTRAINT "app_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_items" ADD CONSTRAINT "app_items_namespace_id_app_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."app_namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_namespaces" ADD CONSTRAINT "app_namespaces_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_namespaces" ADD CONSTRAINT "app_namespaces_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_settings" ADD CONSTRAINT "mail_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_items_namespace_key_uq" ON "app_items" USING btree ("namespace_id","key");--> statement-breakpoint
CREATE INDEX "app_items_customer_idx" ON "app_items" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_namespaces_app_name_uq" ON "app_namespaces" USING btree ("app_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_customer_name_uq" ON "apps" USING btree ("customer_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_customer_code_uq" ON "apps" USING btree ("customer_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_port_uq" ON "apps" USING btree ("port");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_key_hash_uq" ON "apps" USING btree ("key_hash");