import type { FeatureModule } from '../../../http/app-deps';

/** Embeddings of QA and fragments for retrieval by meaning. */
export const vectorsModule: FeatureModule = {
  name: 'knowledge/vectors',
  tables: ['knowledge_vectors'],
  routes: [],
  permissions: [],
};
