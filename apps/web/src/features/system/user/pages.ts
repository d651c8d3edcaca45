import type { PageTable } from '../../../platform/navigation/page-table';

/** This feature's screens, by the component path their menu rows store. */
export const pages: PageTable = {
  'system/user/index': () => import('./index.page'),
  'system/user/setting': () => import('./setting.page'),
};
