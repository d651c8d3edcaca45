import type { FeatureModule } from '../../../http/app-deps';
import { answerTestRoutes } from './answer-test.routes';

/** The answering pipeline, and "Test a question". */
export const answerModule: FeatureModule = {
  name: 'agent/answer',
  tables: ['agent_answers', 'knowledge_changes'],
  routes: [answerTestRoutes],
  permissions: [],
};
