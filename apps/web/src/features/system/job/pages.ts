import type { PageTable } from '../../../platform/navigation/page-table';

/** This feature's screens, by the component path their menu rows store. */
export const pages: PageTable = {
  'system/job/index': () => import('./index.page'),
};
