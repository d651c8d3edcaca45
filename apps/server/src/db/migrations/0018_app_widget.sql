ALTER TABLE "agent_conversations" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "widget_key" text;--> statement-breakpoint
-- The widget key is public by design (it sits in a web page); an app made before it gets one here.
UPDATE "apps" SET "widget_key" = 'wk_' || replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "apps" ALTER COLUMN "widget_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "agent_conversations_app_idx" ON "agent_conversations" USING btree ("app_id","channel","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_widget_key_uq" ON "apps" USING btree ("widget_key");
