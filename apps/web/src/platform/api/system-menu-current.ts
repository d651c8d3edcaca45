import { MENU_ROUTES } from '@agent-console/contracts/system-menu';
import { CURRENT_MENU_ROUTES as R } from '@agent-console/contracts/system-menu-current';
import { call } from './call';

/** The signed-in user's own menu (SPEC §7 System → Menu: current tree and current router). */
export const menuApi = {
  currentTree: () => call(R.tree),
  currentRouter: () => call(R.router),
  /** Quiet: it runs in the background on navigation, and a failure only means "check next time". */
  currentPermissions: () => call(MENU_ROUTES.current, {}, { silent: true }),
};
