import type { CurrentPermissions, MenuRoute } from '@agent-console/contracts';
import { api } from './client';

/** The signed-in user's own menu (SPEC §7 System → Menu: current tree and current router). */
export const menuApi = {
  currentTree: () => api.get<MenuRoute[]>('/api/v3/system/menu/get/current/tree'),
  currentRouter: () => api.get<MenuRoute[]>('/api/v3/system/menu/get/current/router'),
  /** Quiet: it runs in the background on navigation, and a failure only means "check next time". */
  currentPermissions: () => api.get<CurrentPermissions>('/api/v3/system/menu/update/current', { silent: true }),
};
