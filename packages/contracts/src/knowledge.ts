import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { orderBySchema, pageQuerySchema, pageResultSchema, timestampsShape } from './envelope';
import { QA_ANSWER_MAX, QA_QUESTION_MAX, QA_TAGS_MAX } from './knowledge.limits';
import { idNumber, pathId, text } from './primitives';

export * from './knowledge.limits';
export * from './knowledge.permissions';

/** Mining status of a document (SPEC §3): 1 abnormal, 2 running, 3 completed. */
export const MINING_STATUS = { abnormal: 1, running: 2, completed: 3 } as const;
export const miningStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export const processStatusSchema = z.enum(['processing', 'completed']);

/** Ids in JSON bodies are numbers; ids in paths arrive as text and are coerced. */
const id = idNumber();
const name = text().trim().min(1).max(200);

// ---------- object storage ----------

/** What an upload is for; sent in the `x-file-purpose` header. */
export const FILE_PURPOSES = ['knowledge', 'qa-import', 'attachment', 'image', 'message-file'] as const;
export const filePurposeSchema = z.enum(FILE_PURPOSES);
export type FilePurpose = z.infer<typeof filePurposeSchema>;

export const storedFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  kind: z.string(),
  purpose: z.string(),
  url: z.string(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;
export const idParamsSchema = z.object({ id: pathId() });
export const fileUrlSchema = z.object({ url: z.string() });

// ---------- folders ----------

export const knowledgeFolderSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  fileCount: z.number().int(),
});
export type KnowledgeFolder = z.infer<typeof knowledgeFolderSchema>;
export const folderSaveSchema = z.strictObject({ parentId: id.optional(), name });
export const folderUpdateSchema = z.strictObject({ name });
/** The caller's folders, root first. */
export const knowledgeFolderTreeSchema = z.array(knowledgeFolderSchema);
/**
 * Whose knowledge a screen works on: one customer in the caller's scope (a customer's agents answer
 * from its own knowledge only). Absent on a list: every customer in scope.
 */
export const knowledgeCustomerQuerySchema = z.object({ customerId: pathId().optional() });

// ---------- documents ----------

/**
 * A document's texts (fragments and QA) against the embedding model (issue 33): with a vector of
 * their current text, refused by the model (too long, say), or waiting to be embedded.
 */
export const vectorStateSchema = z.object({
  embedded: z.number().int(),
  refused: z.number().int(),
  pending: z.number().int(),
});
export type VectorState = z.infer<typeof vectorStateSchema>;

export const knowledgeFileSchema = z
  .object({
    id: z.number().int(),
    folderId: z.number().int().nullable(),
    kind: z.enum(['document', 'manual']),
    name: z.string(),
    fileType: z.string().nullable(),
    size: z.number().int(),
    enabled: z.boolean(),
    processStatus: processStatusSchema,
    miningStatus: miningStatusSchema,
    fragmentCount: z.number().int(),
    qaCount: z.number().int(),
    /** Null when no embedding model is configured (retrieval by words alone). */
    vectors: vectorStateSchema.nullable(),
    abnormalReason: z.string().nullable(),
    objectId: z.number().int().nullable(),
    deletedAt: z.string().nullable(),
  })
  .extend(timestampsShape);
export type KnowledgeFile = z.infer<typeof knowledgeFileSchema>;

export const KNOWLEDGE_FILE_SORT = ['name', 'size', 'createdAt', 'updatedAt', 'qaCount', 'fragmentCount'] as const;
export const knowledgeFilePageSchema = pageQuerySchema.extend({
  /** Only this customer's documents. */
  customerId: id.optional(),
  folderId: id.optional(),
  name: text().trim().max(200).optional(),
  miningStatus: miningStatusSchema.optional(),
  enabled: z.boolean().optional(),
  /** true: the recycle bin; otherwise the live documents. */
  recycled: z.boolean().optional(),
  orderBy: orderBySchema(KNOWLEDGE_FILE_SORT),
});
export type KnowledgeFilePageQuery = z.input<typeof knowledgeFilePageSchema>;
export type KnowledgeFilePage = z.output<typeof knowledgeFilePageSchema>;

/** Create a document from an object uploaded with purpose `knowledge`. */
export const knowledgeFileSaveSchema = z.strictObject({
  objectId: id,
  folderId: id.optional(),
  name: name.optional(),
});
export const knowledgeFileUpdateSchema = z.strictObject({
  name: name.optional(),
  folderId: id.optional(),
  enabled: z.boolean().optional(),
});
export const KNOWLEDGE_BATCH_ACTIONS = ['enable', 'disable', 'move', 'recycle', 'restore', 'purge'] as const;
export const knowledgeBatchSchema = z.strictObject({
  ids: z.array(id).min(1).max(1000),
  action: z.enum(KNOWLEDGE_BATCH_ACTIONS),
  folderId: id.optional(),
});
export const batchResultSchema = z.object({ affected: z.number().int() });

export const KNOWLEDGE_ROUTE_SCHEMAS = {
  page: {
    summary: 'Documents (or the recycle bin) with filters',
    body: knowledgeFilePageSchema,
    answer: pageResultSchema(knowledgeFileSchema),
  },
  info: { summary: 'One document', params: idParamsSchema, answer: knowledgeFileSchema },
  save: {
    summary: 'Create a document from an object uploaded with purpose knowledge; processing starts',
    body: knowledgeFileSaveSchema,
    answer: knowledgeFileSchema,
  },
  update: {
    summary: 'Rename, move, enable or disable a document',
    params: idParamsSchema,
    body: knowledgeFileUpdateSchema,
    answer: knowledgeFileSchema,
  },
  batch: {
    summary: 'Enable, disable, move, bin, restore or permanently delete documents',
    body: knowledgeBatchSchema,
    answer: batchResultSchema,
  },
  recycle: { summary: 'Move a document to the recycle bin', params: idParamsSchema, answer: batchResultSchema },
  retry: { summary: 'Process an abnormal document again', params: idParamsSchema, answer: knowledgeFileSchema },
  folderTree: {
    summary: 'Folders of a customer (the caller’s own by default), root first',
    querystring: knowledgeCustomerQuerySchema,
    answer: knowledgeFolderTreeSchema,
  },
  folderSave: { summary: 'Create a folder', body: folderSaveSchema, answer: knowledgeFolderSchema },
  folderUpdate: {
    summary: 'Rename a folder',
    params: idParamsSchema,
    body: folderUpdateSchema,
    answer: knowledgeFolderSchema,
  },
  folderRemove: { summary: 'Delete a folder', params: idParamsSchema, answer: z.null() },
} satisfies RouteSchemas;

export const KNOWLEDGE_ROUTES = apiRoutes<typeof KNOWLEDGE_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/knowledge/file/list/page',
  info: 'GET /api/v3/knowledge/info/:id',
  save: 'POST /api/v3/knowledge/save',
  update: 'POST /api/v3/knowledge/update/:id',
  batch: 'POST /api/v3/knowledge/batch/update',
  recycle: 'GET /api/v3/knowledge/delete/:id',
  retry: 'POST /api/v3/knowledge/retry/:id',
  folderTree: 'GET /api/v3/knowledge/folder/tree',
  folderSave: 'POST /api/v3/knowledge/folder/save',
  folderUpdate: 'POST /api/v3/knowledge/folder/update/:id',
  folderRemove: 'GET /api/v3/knowledge/folder/delete/:id',
});

// ---------- QA ----------

export const qaRecordSchema = z
  .object({
    id: z.number().int(),
    /** Whose knowledge it is: that customer's agents answer from it. */
    customerId: z.number().int(),
    /** The source document; null for a QA added by hand without one (shown as "Manual"). */
    fileId: z.number().int().nullable(),
    fileName: z.string().nullable(),
    fileEnabled: z.boolean(),
    question: z.string(),
    answer: z.string(),
    tags: z.string(),
    origin: z.enum(['manual', 'mined', 'import']),
  })
  .extend(timestampsShape);
export type QaRecord = z.infer<typeof qaRecordSchema>;

export const QA_SORT = ['createdAt', 'updatedAt', 'question'] as const;
export const qaPageSchema = pageQuerySchema.extend({
  /** Only this customer's QA. */
  customerId: id.optional(),
  keyword: text().trim().max(200).optional(),
  fileId: id.optional(),
  orderBy: orderBySchema(QA_SORT),
});
export type QaPageQuery = z.input<typeof qaPageSchema>;
export type QaPage = z.output<typeof qaPageSchema>;

/**
 * Add (no id) or edit (id). The source is an existing document (`fileId`, which wins), a new
 * document name (`newFileName`), or neither: a QA added by hand needs no document (issue 13; SPEC
 * §5 asked for one, which made people invent documents for their own answers).
 */
export const qaSaveSchema = z.strictObject({
  id: id.optional(),
  question: text().trim().min(1).max(QA_QUESTION_MAX),
  answer: text().trim().min(1).max(QA_ANSWER_MAX),
  tags: text().trim().max(QA_TAGS_MAX).optional(),
  fileId: id.optional(),
  newFileName: name.optional(),
  /**
   * A new QA's customer (the caller's own by default, or the source document's); a QA never moves
   * to another customer, so on an edit it may only repeat the QA's own.
   */
  customerId: id.optional(),
});
export type QaSaveBody = z.input<typeof qaSaveSchema>;
export type QaSaveInput = z.output<typeof qaSaveSchema>;
export const qaDeleteSchema = z.strictObject({ ids: z.array(id).min(1).max(1000) });
export const qaSourceSchema = z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() });
export const qaSourceListSchema = z.array(qaSourceSchema);
export const qaExportSchema = z.strictObject({
  customerId: id.optional(),
  fileId: id.optional(),
  keyword: text().trim().max(200).optional(),
});

export const qaImportSchema = z.object({
  id: z.number().int(),
  fileId: z.number().int(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  rejected: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  error: z.string().nullable(),
});
export type QaImport = z.infer<typeof qaImportSchema>;

/** The QA screen's routes. The template, the export and the import upload are registered by hand. */
export const QA_ROUTE_SCHEMAS = {
  page: {
    summary: 'QA records; keyword search over question and answer (Chinese and English), source filter',
    body: qaPageSchema,
    answer: pageResultSchema(qaRecordSchema),
  },
  save: {
    summary: 'Add (no id) or edit (id) a QA; searchable as soon as this returns',
    body: qaSaveSchema,
    answer: qaRecordSchema,
  },
  remove: { summary: 'Delete QA (single or batch)', body: qaDeleteSchema, answer: batchResultSchema },
  sources: {
    summary: 'Source documents to choose from (of one customer when given)',
    querystring: knowledgeCustomerQuerySchema,
    answer: qaSourceListSchema,
  },
  template: { summary: 'XLSX template: column 1 question, column 2 answer' },
  export: { summary: 'QA as XLSX (re-imports cleanly)', body: qaExportSchema },
  /** Multipart: its answer is `qaImportSchema` in the envelope, declared where it is registered. */
  upload: { summary: 'Batch import (multipart: file, and fileId or newFileName); runs as a job' },
  importStatus: { summary: 'Progress and report of an import', params: idParamsSchema, answer: qaImportSchema },
} satisfies RouteSchemas;

export const QA_ROUTES = apiRoutes<typeof QA_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/qa-file/qaPage',
  save: 'POST /api/v3/qa-file/qaSave',
  remove: 'POST /api/v3/qa-file/extDelete',
  sources: 'GET /api/v3/qa-file/getFileName',
  template: 'GET /api/v3/qa-file/templateDownload',
  export: 'POST /api/v3/qa-file/export',
  upload: 'POST /api/v3/qa-file/upload',
  importStatus: 'GET /api/v3/qa-file/import/:id',
});
