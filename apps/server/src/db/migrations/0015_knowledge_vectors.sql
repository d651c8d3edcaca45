CREATE TABLE "knowledge_vectors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_vectors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"fragment_id" integer,
	"qa_id" integer,
	"model" text NOT NULL,
	"text_hash" text NOT NULL,
	"vector" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_vectors_one_row_ck" CHECK (("knowledge_vectors"."fragment_id" is null) <> ("knowledge_vectors"."qa_id" is null))
);
--> statement-breakpoint
ALTER TABLE "knowledge_fragments" ADD COLUMN "embed_hash" text GENERATED ALWAYS AS (md5(coalesce("heading" || E'\n', '') || "content")) STORED;--> statement-breakpoint
ALTER TABLE "qa_records" ADD COLUMN "embed_hash" text GENERATED ALWAYS AS (md5("question" || E'\n' || "answer")) STORED;--> statement-breakpoint
ALTER TABLE "knowledge_vectors" ADD CONSTRAINT "knowledge_vectors_fragment_id_knowledge_fragments_id_fk" FOREIGN KEY ("fragment_id") REFERENCES "public"."knowledge_fragments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_vectors" ADD CONSTRAINT "knowledge_vectors_qa_id_qa_records_id_fk" FOREIGN KEY ("qa_id") REFERENCES "public"."qa_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_vectors_fragment_uq" ON "knowledge_vectors" USING btree ("fragment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_vectors_qa_uq" ON "knowledge_vectors" USING btree ("qa_id");--> statement-breakpoint
CREATE INDEX "knowledge_vectors_customer_idx" ON "knowledge_vectors" USING btree ("customer_id","id");