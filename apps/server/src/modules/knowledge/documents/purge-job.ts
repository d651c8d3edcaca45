import { z } from 'zod';
import { defineJobHandler } from '../../../jobs/registry';
import { purgeRecycleBin } from './knowledge.service';

/** Scheduled job: empties the recycle bin of documents binned longer than the retention. */
export const purgeRecycleBinJob = defineJobHandler({
  name: 'knowledge.purgeRecycleBin',
  titles: {
    en: 'Empty the knowledge recycle bin',
    'zh-chs': '清空知识库回收站',
    'zh-cht': '清空知識庫資源回收筒',
    ja: 'ナレッジのごみ箱を空にする',
  },
  // The recycle bin of the job's customer and those below it.
  reach: 'customer',
  paramsSchema: z.strictObject({ olderThanDays: z.number().int().min(0).max(3650).default(30) }),
  exampleParams: { olderThanDays: 30 },
  async run(params, { db, storage, customerId }) {
    const { purged } = await purgeRecycleBin(db, storage, params.olderThanDays, customerId);
    return `purged ${purged} documents binned more than ${params.olderThanDays} days ago`;
  },
});
