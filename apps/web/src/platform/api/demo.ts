import { DEMO_ROUTES } from '@agent-console/contracts/demo';
import { call } from './call';

/** The demo login (demo mode only, docs/demo.md): whether it is offered, and the session it opens. */
export const demoApi = {
  mode: () => call(DEMO_ROUTES.mode, {}, { silent: true }),
  login: () => call(DEMO_ROUTES.login, {}, { silent: true }),
};
