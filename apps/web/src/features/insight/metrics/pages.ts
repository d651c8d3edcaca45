import type { PageTable } from '../../../platform/navigation/page-table';

/** This feature's screens, by the component path their menu rows store. */
export const pages: PageTable = {
  'metrics/customer-session/index': () => import('./customer-session/index.page'),
  'metrics/dashboard/index': () => import('./dashboard/index.page'),
};
