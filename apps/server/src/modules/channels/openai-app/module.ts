import type { FeatureModule } from '../../../http/app-deps';
import { appRoutes } from './app.routes';
import { visitorRoutes } from './visitor.routes';

/** Apps as agents: the OpenAI-compatible API, the widget, visitors. */
export const openaiAppModule: FeatureModule = {
  name: 'channels/openai-app',
  routes: [appRoutes, visitorRoutes],
};
