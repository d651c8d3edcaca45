/**
 * The knowledge's limits, zod-free: the server's parse worker reads them, and every module a
 * worker loads is paid for on each worker's boot. Re-exported by knowledge.ts.
 */

/** SPEC §9: knowledge files are PDF or Word, up to 10MB. */
export const KNOWLEDGE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const KNOWLEDGE_FILE_TYPES = ['pdf', 'doc', 'docx'] as const;
/** A QA import sheet: rows and cell length caps (ANCHORS §D). */
export const QA_IMPORT_MAX_ROWS = 100_000;
export const QA_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const QA_QUESTION_MAX = 1000;
export const QA_ANSWER_MAX = 10_000;
export const QA_TAGS_MAX = 500;
