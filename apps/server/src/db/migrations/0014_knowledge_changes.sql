CREATE SEQUENCE "knowledge_revision_seq";--> statement-breakpoint
CREATE TABLE "knowledge_changes" (
	"customer_id" integer NOT NULL,
	"revision" bigint DEFAULT nextval('knowledge_revision_seq') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_fragments" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_fragments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "knowledge_changes_customer_revision_idx" ON "knowledge_changes" USING btree ("customer_id","revision");--> statement-breakpoint
-- One row per statement and customer, whatever the statement writes: a bulk insert of 10,000
-- fragments adds one. Writers only insert here, so they never wait for one another.
CREATE FUNCTION knowledge_change_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO knowledge_changes (customer_id) SELECT DISTINCT customer_id FROM changed_old;
  ELSE
    INSERT INTO knowledge_changes (customer_id) SELECT DISTINCT customer_id FROM changed_new;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER qa_records_change_ins AFTER INSERT ON qa_records REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION knowledge_change_note();--> statement-breakpoint
CREATE TRIGGER qa_records_change_upd AFTER UPDATE ON qa_records REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION knowledge_change_note();--> statement-breakpoint
CREATE TRIGGER qa_records_change_del AFTER DELETE ON qa_records REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION knowledge_change_note();--> statement-breakpoint
CREATE TRIGGER knowledge_fragments_change_ins AFTER INSERT ON knowledge_fragments REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION knowledge_change_note();--> statement-breakpoint
CREATE TRIGGER knowledge_fragments_change_upd AFTER UPDATE ON knowledge_fragments REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION knowledge_change_note();--> statement-breakpoint
CREATE TRIGGER knowledge_fragments_change_del AFTER DELETE ON knowledge_fragments REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION knowledge_change_note();--> statement-breakpoint
CREATE TRIGGER knowledge_files_change_ins AFTER INSERT ON knowledge_files REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION knowledge_change_note();--> statement-breakpoint
CREATE TRIGGER knowledge_files_change_upd AFTER UPDATE ON knowledge_files REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION knowledge_change_note();--> statement-breakpoint
CREATE TRIGGER knowledge_files_change_del AFTER DELETE ON knowledge_files REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION knowledge_change_note();
