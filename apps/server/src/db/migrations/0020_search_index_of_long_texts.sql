DROP INDEX "knowledge_fragments_search_idx";--> statement-breakpoint
DROP INDEX "knowledge_fragments_unindexed_idx";--> statement-breakpoint
DROP INDEX "qa_records_answer_trgm_idx";--> statement-breakpoint
ALTER TABLE "knowledge_fragments" DROP COLUMN "search_vector";