CREATE TABLE "knowledge_revisions" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_fragments" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_fragments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_revisions" ADD CONSTRAINT "knowledge_revisions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE SEQUENCE "knowledge_revision_seq";--> statement-breakpoint
-- One bump per statement and customer, whatever the statement writes: a bulk insert of 10,000
-- fragments moves the revision once. Customers are locked in id order, so two statements that
-- touch the same customers never wait for each other in a cycle.
CREATE FUNCTION knowledge_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO knowledge_revisions AS r (customer_id, revision)
      SELECT c.customer_id, nextval('knowledge_revision_seq')
      FROM (SELECT DISTINCT customer_id FROM changed_old ORDER BY customer_id) c
      ON CONFLICT (customer_id) DO UPDATE SET revision = excluded.revision;
  ELSE
    INSERT INTO knowledge_revisions AS r (customer_id, revision)
      SELECT c.customer_id, nextval('knowledge_revision_seq')
      FROM (SELECT DISTINCT customer_id FROM changed_new ORDER BY customer_id) c
      ON CONFLICT (customer_id) DO UPDATE SET revision = excluded.revision;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER qa_records_revision_ins AFTER INSERT ON qa_records REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION knowledge_revision_bump();--> statement-breakpoint
CREATE TRIGGER qa_records_revision_upd AFTER UPDATE ON qa_records REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION knowledge_revision_bump();--> statement-breakpoint
CREATE TRIGGER qa_records_revision_del AFTER DELETE ON qa_records REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION knowledge_revision_bump();--> statement-breakpoint
CREATE TRIGGER knowledge_fragments_revision_ins AFTER INSERT ON knowledge_fragments REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION knowledge_revision_bump();--> statement-breakpoint
CREATE TRIGGER knowledge_fragments_revision_upd AFTER UPDATE ON knowledge_fragments REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION knowledge_revision_bump();--> statement-breakpoint
CREATE TRIGGER knowledge_fragments_revision_del AFTER DELETE ON knowledge_fragments REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION knowledge_revision_bump();--> statement-breakpoint
CREATE TRIGGER knowledge_files_revision_ins AFTER INSERT ON knowledge_files REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION knowledge_revision_bump();--> statement-breakpoint
CREATE TRIGGER knowledge_files_revision_upd AFTER UPDATE ON knowledge_files REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION knowledge_revision_bump();--> statement-breakpoint
CREATE TRIGGER knowledge_files_revision_del AFTER DELETE ON knowledge_files REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION knowledge_revision_bump();
