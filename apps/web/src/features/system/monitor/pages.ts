import type { PageTable } from '../../../platform/navigation/page-table';

/** This feature's screens, by the component path their menu rows store. */
export const pages: PageTable = {
  'monitor/job-log/index': () => import('./job-log/index.page'),
  'monitor/loginlog/index': () => import('./loginlog/index.page'),
  'monitor/online/index': () => import('./online/index.page'),
  'monitor/operlog/index': () => import('./operlog/index.page'),
};
