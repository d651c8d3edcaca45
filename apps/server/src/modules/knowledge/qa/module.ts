import { KNOWLEDGE_QA_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { plugDocumentQa } from '../documents/document-ports';
import { deleteMinedQaOf, deleteQaOfDocuments, qaCountOf, qaImportObjectsOf } from './qa.repo';
import { qaRoutes } from './qa.routes';
import { startImportWorker } from './qa-jobs';
import { writeMinedQa } from './qa-store';

// The documents mine, retry and delete the QA filed under them through this (they cannot import
// this feature, which imports them).
plugDocumentQa({
  writeMined: writeMinedQa,
  countOf: qaCountOf,
  importObjectsOf: qaImportObjectsOf,
  deleteOf: deleteQaOfDocuments,
  deleteMinedOf: deleteMinedQaOf,
});

/** Question-and-answer records and their import. */
export const qaModule: FeatureModule = {
  name: 'knowledge/qa',
  tables: ['qa_records', 'qa_imports'],
  routes: [qaRoutes],
  background: [
    {
      name: 'QA import worker',
      async start({ deps, boss }) {
        if (boss && deps.storage) await startImportWorker(boss, { db: deps.database.db, storage: deps.storage });
        return null;
      },
    },
  ],
  permissions: [KNOWLEDGE_QA_PERMISSIONS],
  menu: [
    {
      under: 'Knowledge',
      order: 10,
      menu: page(
        'KnowledgeQa',
        '/knowledge/qa',
        'knowledge/qa/index',
        t('QA', '问答管理', '問答管理', 'Q&A 管理'),
        KNOWLEDGE_QA_PERMISSIONS,
        'question-circle',
      ),
    },
  ],
};
