DROP INDEX "qa_records_customer_idx";--> statement-breakpoint
CREATE INDEX "qa_records_customer_updated_idx" ON "qa_records" USING btree ("customer_id","updated_at","id");