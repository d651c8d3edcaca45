import type { PageTable } from '../../../platform/navigation/page-table';

/** This feature's screens, by the component path their menu rows store. */
export const pages: PageTable = {
  'guide/doc/index': () => import('./doc/index.page'),
  'guide/user/index': () => import('./user/index.page'),
};
