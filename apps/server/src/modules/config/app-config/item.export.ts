import type { AppItem, appItemListQuerySchema, Language } from '@agent-console/contracts';
import { and } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { appItems } from '../../../db/schema';
import { keysetBatches } from '../../../http/export-batches';
import type { KeysetSpec } from '../../../http/keyset';
import type { AuthContext } from '../../../http/request-context';
import {
  type ExportText,
  exportFileName,
  exportText as tx,
  type XlsxColumn,
  type XlsxFile,
} from '../../../lib/xlsx-export';
import { loadNamespace } from './config-access';
import { itemsWhere, toItem } from './item.service';

/** Column headers and the file name of a namespace's items as a spreadsheet, in the caller's language. */
const H = {
  key: tx('Key', '键', '鍵', 'キー'),
  value: tx('Value', '值', '值', '値'),
  secret: tx('Secret', '保密', '保密', '機密'),
  comment: tx('Comment', '说明', '說明', 'コメント'),
  updatedAt: tx('Updated', '更新时间', '更新時間', '更新日時'),
};
const YES_NO = { yes: tx('Yes', '是', '是', 'はい'), no: tx('No', '否', '否', 'いいえ') };

/** "Configuration agent_20260101120000.xlsx": the namespace's name tells files of one app apart. */
export function itemExportName(namespaceName: string): ExportText {
  return tx(
    `Configuration ${namespaceName}`,
    `配置项 ${namespaceName}`,
    `設定項 ${namespaceName}`,
    `設定項目 ${namespaceName}`,
  );
}

/** Rows are items as lists answer them, so a secret's value is already the mask. */
export function itemColumns(lang: Language): XlsxColumn<AppItem>[] {
  return [
    { header: H.key[lang], value: (r) => r.key, width: 28 },
    { header: H.value[lang], value: (r) => r.value, width: 48 },
    { header: H.secret[lang], value: (r) => (r.secret ? YES_NO.yes : YES_NO.no)[lang], width: 10 },
    { header: H.comment[lang], value: (r) => r.comment, width: 32 },
    { header: H.updatedAt[lang], value: (r) => new Date(r.updatedAt), width: 22 },
  ];
}

/** By key, as the list shows them. */
const KEYSET: KeysetSpec = {
  columns: { key: appItems.key },
  id: appItems.id,
  fallback: { field: 'key', direction: 'asc' },
};

/**
 * A namespace's items as the list shows them (the keyword's filter, secrets masked), read a batch
 * at a time as the file is written. An unknown namespace or one out of scope fails before the
 * answer starts.
 */
export async function itemExportFile(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof appItemListQuerySchema>,
  lang: Language,
): Promise<XlsxFile<AppItem>> {
  const namespace = await loadNamespace(db, auth, q.namespaceId, { field: 'namespaceId' });
  const where = itemsWhere(namespace.id, q.keyword);
  return {
    fileName: exportFileName(itemExportName(namespace.name), lang),
    sheetName: namespace.name,
    columns: itemColumns(lang),
    batches: keysetBatches(KEYSET, undefined, {
      rows: (window) =>
        db
          .select({ item: appItems, sortKey: window.sortKey })
          .from(appItems)
          .where(and(where, window.where))
          .orderBy(...window.orderBy)
          .limit(window.limit)
          .offset(window.offset)
          .execute(window.values),
      toDto: (row) => toItem(row.item),
    }),
  };
}
