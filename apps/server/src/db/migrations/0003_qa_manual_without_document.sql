-- A QA added by hand may have no source document ("Manual"): file_id becomes optional, and such
-- QA are unique per customer by their normalised question, as QA of one document are.
ALTER TABLE "qa_records" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "qa_records_manual_question_uq" ON "qa_records" USING btree ("customer_id","question_key") WHERE "qa_records"."file_id" is null;