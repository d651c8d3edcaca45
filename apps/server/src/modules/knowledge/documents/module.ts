import { KNOWLEDGE_FILE_PERMISSIONS } from '@agent-console/contracts';
import { page, t } from '../../../db/seed/menu-tree';
import type { FeatureModule } from '../../../http/app-deps';
import { createLocalMiner } from '../../../integrations/llm';
import { fragmentRoutes } from './fragment.routes';
import { knowledgeRoutes } from './knowledge.routes';
import { startDocumentWorker } from './knowledge-jobs';
import { closeParsePool } from './parse-pool';
import { purgeRecycleBinJob } from './purge-job';

/** Knowledge documents, folders, fragments and the recycle bin. */
export const documentsModule: FeatureModule = {
  name: 'knowledge/documents',
  tables: ['knowledge_folders', 'knowledge_files', 'knowledge_fragments'],
  routes: [knowledgeRoutes, fragmentRoutes],
  jobHandlers: [purgeRecycleBinJob],
  background: [
    // The parse threads the document and import workers share, closed with the app.
    { name: 'parse threads', start: () => closeParsePool },
    {
      name: 'document worker',
      async start({ deps, boss }) {
        if (!boss || !deps.storage) return null;
        const { db } = deps.database;
        await startDocumentWorker(boss, {
          db,
          storage: deps.storage,
          miner: deps.miner ?? createLocalMiner(),
          metrics: deps.metrics,
        });
        return null;
      },
    },
  ],
  permissions: [KNOWLEDGE_FILE_PERMISSIONS],
  menu: [
    {
      under: 'Knowledge',
      order: 20,
      menu: page(
        'KnowledgeFile',
        '/knowledge/file',
        'knowledge/file/index',
        t('Documents', '文档管理', '文件管理', 'ドキュメント管理'),
        KNOWLEDGE_FILE_PERMISSIONS,
        'folder',
      ),
    },
  ],
};
