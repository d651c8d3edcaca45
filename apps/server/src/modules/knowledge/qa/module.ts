import { PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { qaRoutes } from './qa.routes';
import { startImportWorker } from './qa-jobs';

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
  permissions: [PERMISSIONS.knowledgeQa],
  menu: [
    {
      under: 'Knowledge',
      order: 10,
      menu: page(
        'KnowledgeQa',
        '/knowledge/qa',
        'knowledge/qa/index',
        t('QA', '问答管理', '問答管理', 'Q&A 管理'),
        PERMISSIONS.knowledgeQa,
        'question-circle',
      ),
    },
  ],
};
