import type { PageTable } from '../../../platform/navigation/page-table';

/** This feature's screens, by the component path their menu rows store. */
export const pages: PageTable = {
  'followup/active/index': () => import('./active/index.page'),
  'followup/config/index': () => import('./config/index.page'),
};
