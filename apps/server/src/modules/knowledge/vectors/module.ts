import type { FeatureModule } from '../../../http/app-deps';
import { plugVectorStates } from '../documents/document-ports';
import { startEmbedder } from './embedder';
import { vectorStates } from './vector-state';

// The documents' list shows where each document's texts stand with the model through this (the
// documents cannot import this feature, which indexes them).
plugVectorStates(vectorStates);

/** Embeddings of QA and fragments for retrieval by meaning. */
export const vectorsModule: FeatureModule = {
  name: 'knowledge/vectors',
  tables: ['knowledge_vectors'],
  routes: [],
  background: [
    {
      // Vectors of the knowledge for retrieval by meaning (issue 33), written beside the requests.
      name: 'embedder',
      start({ deps }) {
        if (!deps.embeddings) return null;
        const embedder = startEmbedder({
          db: deps.database.db,
          locks: deps.database.locks,
          embeddings: deps.embeddings,
          ...(deps.embeddingBatchSize ? { batchSize: deps.embeddingBatchSize } : {}),
          logger: deps.logger,
        });
        return () => embedder.stop();
      },
    },
  ],
  permissions: [],
};
