import type { PageTable } from '../../../platform/navigation/page-table';

/** This feature's screens, by the component path their menu rows store. */
export const pages: PageTable = {
  'ai/main-prompt/index': () => import('./main-prompt/index.page'),
  'ai/new-customer-access/index': () => import('./new-customer-access/index.page'),
  'ai/permission/index': () => import('./permission/index.page'),
};
