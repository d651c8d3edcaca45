import { z } from 'zod';
import { registerJobHandler } from '../../jobs/registry';
import type { ObjectStorage } from '../../storage';
import { purgeRecycleBin } from './knowledge.service';

/**
 * The object storage the purge deletes bytes from. Job handlers get only the database, so the
 * knowledge module hands its storage over when its routes are registered.
 */
let purgeStorage: ObjectStorage | undefined;
export function setPurgeStorage(storage: ObjectStorage | undefined): void {
  purgeStorage = storage;
}

/** Scheduled job: empties the recycle bin of documents binned longer than the retention. */
registerJobHandler({
  name: 'knowledge.purgeRecycleBin',
  titles: {
    en: 'Empty the knowledge recycle bin',
    'zh-chs': '清空知识库回收站',
    'zh-cht': '清空知識庫資源回收筒',
    ja: 'ナレッジのごみ箱を空にする',
  },
  paramsSchema: z.strictObject({ olderThanDays: z.number().int().min(0).max(3650).default(30) }),
  exampleParams: { olderThanDays: 30 },
  async run(params, { db, customerId }) {
    const { purged } = await purgeRecycleBin(db, purgeStorage, params.olderThanDays, customerId);
    return `purged ${purged} documents binned more than ${params.olderThanDays} days ago`;
  },
});
