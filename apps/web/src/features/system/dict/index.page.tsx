import {
  DICT_PERMISSIONS,
  DICT_TYPE_SORT_FIELDS,
  type DictType,
  dictTypePageQuerySchema,
  type Language,
} from '@agent-console/contracts';
import { ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/api/feedback';
import { CrudTable, StatusTag, useCan, useCrudList } from '../../../ui/crud';
import { dictApi, useDictMutation, useDictTypes } from './dict.api';
import { EntryDrawer } from './EntryDrawer';
import { KeywordSearch } from './KeywordSearch';
import { TypeDialog } from './TypeDialog';

/** Dictionaries (SPEC §7 /system/dict): types with their entries, cached by every screen. */
export default function DictPage() {
  const { t, i18n } = useTranslation(['system-dict', 'crud']);
  const lang = i18n.language as Language;
  const can = useCan();
  const { list, table, column, dialog } = useCrudList({
    usePage: useDictTypes,
    sortable: DICT_TYPE_SORT_FIELDS,
    schema: dictTypePageQuerySchema,
    remove: useDictMutation(dictApi.deleteTypes),
    permissions: DICT_PERMISSIONS,
    dialog: true,
  });
  const rebuild = useDictMutation(() => dictApi.cacheUpdate());
  const [entriesOf, setEntriesOf] = useState<DictType | null>(null);

  const columns: TableColumnsType<DictType> = [
    column.sortable('type', t('fields.type'), {
      render: (v: string, r) => (
        <Button type="link" size="small" onClick={() => setEntriesOf(r)} data-testid={`type-open-${v}`}>
          {v}
        </Button>
      ),
    }),
    { title: t('fields.name'), key: 'name', render: (_, r) => r.names[lang] ?? r.names.en },
    column.status({
      render: (v: boolean, r) => (
        <Space size={4}>
          <StatusTag enabled={v} />
          {r.builtin && <Tag>{t('builtin')}</Tag>}
        </Space>
      ),
    }),
    { title: t('fields.entryCount'), dataIndex: 'entryCount', width: 100 },
    { title: t('crud:remark'), dataIndex: 'remark', ellipsis: true },
    column.updatedAt(),
  ];

  return (
    <>
      <CrudTable<DictType>
        testId="dict-page"
        {...table}
        search={<KeywordSearch list={list} hint={t('type.keywordHint')} testId="filter-keyword" />}
        extra={
          can(DICT_PERMISSIONS.edit) && (
            <Button
              icon={<ReloadOutlined />}
              loading={rebuild.isPending}
              onClick={() =>
                rebuild.mutateAsync(undefined).then(
                  () => feedback.success(t('cacheRefreshed')),
                  () => undefined,
                )
              }
              data-testid="cache-refresh"
            >
              {t('cacheRefresh')}
            </Button>
          )
        }
        emptyText={t('type.empty')}
        columns={columns}
        rowName={(r) => r.type}
        rowActions={(r) => [
          { key: 'entries', label: t('entries'), icon: <UnorderedListOutlined />, onClick: () => setEntriesOf(r) },
        ]}
        createText={t('type.add')}
        deleteNote={t('type.deleteNote')}
        canDelete={(r) => !r.builtin}
        data-testid="type-table"
      />
      <TypeDialog {...dialog.props} />
      <EntryDrawer type={entriesOf} onClose={() => setEntriesOf(null)} />
    </>
  );
}
