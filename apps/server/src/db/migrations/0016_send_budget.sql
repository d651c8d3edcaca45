ALTER TABLE "agent_conversations" ADD COLUMN "needs_person_reason" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "reply_reserve_percent" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_reply_reserve_ck" CHECK ("customers"."reply_reserve_percent" between 0 and 90);