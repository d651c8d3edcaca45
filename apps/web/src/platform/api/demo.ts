import type { DemoMode, LoginResponse } from '@agent-console/contracts';
import { api } from './client';

/** The demo login (demo mode only, docs/demo.md): whether it is offered, and the session it opens. */
export const demoApi = {
  mode: () => api.get<DemoMode>('/api/demo', { silent: true }),
  login: () => api.post<LoginResponse>('/api/demo/login', {}, { silent: true }),
};
