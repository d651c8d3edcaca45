import type { PageTable } from '../../../platform/navigation/page-table';

/** This feature's screens, by the component path their menu rows store. */
export const pages: PageTable = {
  'message/mail/index': () => import('./index.page'),
};
