DROP INDEX "roles_key_uq";--> statement-breakpoint
DROP INDEX "roles_name_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "roles_key_uq" ON "roles" USING btree (coalesce("customer_id", 0),lower("key"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_uq" ON "roles" USING btree (coalesce("customer_id", 0),lower("name"));--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_super_admin_shared_ck" CHECK ("roles"."key" <> 'super_admin' or "roles"."customer_id" is null);