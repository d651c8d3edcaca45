import type { FeatureModule } from '../../../http/app-deps';
import { fragmentRoutes } from './fragment.routes';
import { knowledgeRoutes } from './knowledge.routes';
import { purgeRecycleBinJob } from './purge-job';

/** Knowledge documents, folders, fragments and the recycle bin. */
export const documentsModule: FeatureModule = {
  name: 'knowledge/documents',
  routes: [knowledgeRoutes, fragmentRoutes],
  jobHandlers: [purgeRecycleBinJob],
};
