import {
  DICT_ENTRY_SORT_FIELDS,
  type DictEntry,
  type DictEntryPageQuery,
  type DictType,
  type Language,
  PERMISSIONS,
  valueDictValues,
} from '@agent-console/contracts';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudTable, formatTime, ListDrawer, StatusTag, useEditDialog, useListState } from '../../../ui/crud';
import { dictApi, useDictEntries, useDictMutation } from './dict.api';
import { EntryDialog } from './EntryDialog';
import { KeywordSearch } from './KeywordSearch';

type Filters = Pick<DictEntryPageQuery, 'keyword' | 'enabled'>;

/** The entries of one dictionary type, over the types list. */
export function EntryDrawer({ type, onClose }: { type: DictType | null; onClose(): void }) {
  const { t, i18n } = useTranslation('system-dict');
  const lang = i18n.language as Language;
  return (
    <ListDrawer
      open={!!type}
      onClose={onClose}
      title={type ? t('entry.title', { name: type.names[lang] ?? type.type, type: type.type }) : ''}
      testId="entry-drawer"
    >
      {type && <EntryList type={type} />}
    </ListDrawer>
  );
}

/** Search, paging, sorting, add, edit and delete of a type's entries. */
function EntryList({ type }: { type: DictType }) {
  const { t, i18n } = useTranslation(['system-dict', 'crud']);
  const lang = i18n.language as Language;
  const list = useListState<Filters, (typeof DICT_ENTRY_SORT_FIELDS)[number]>(DICT_ENTRY_SORT_FIELDS);
  const query = useDictEntries({ ...list.request, typeId: type.id });
  const remove = useDictMutation(dictApi.deleteEntries);
  const dialog = useEditDialog<DictEntry>();
  // A value dictionary's values are the product's (docs/decisions.md): its entries are relabelled,
  // recoloured or switched off, never deleted.
  const fixedValues = valueDictValues(type.type);

  const columns: TableColumnsType<DictEntry> = [
    { title: t('fields.value'), dataIndex: 'value', ...list.sortable('value') },
    {
      title: t('fields.label'),
      key: 'label',
      render: (_, r) => <Tag color={r.tagColor}>{r.labels[lang] ?? r.labels.en}</Tag>,
    },
    { title: t('crud:sort'), dataIndex: 'sort', width: 90, ...list.sortable('sort') },
    { title: t('crud:status'), dataIndex: 'enabled', width: 90, render: (v: boolean) => <StatusTag enabled={v} /> },
    { title: t('crud:createdAt'), dataIndex: 'createdAt', ...list.sortable('createdAt'), render: formatTime },
  ];

  return (
    <>
      <CrudTable<DictEntry>
        embedded
        testId="entry-list"
        list={list}
        query={query}
        permissions={PERMISSIONS.dict}
        search={<KeywordSearch list={list} hint={t('entry.keywordHint')} testId="entry-filter-keyword" />}
        emptyText={t('entry.empty')}
        size="small"
        columns={columns}
        rowName={(r) => r.value}
        onCreate={dialog.create}
        createText={t('entry.add')}
        onEdit={dialog.edit}
        {...(fixedValues ? {} : { onDelete: remove.mutateAsync })}
        data-testid="entry-table"
      />
      <EntryDialog typeId={type.id} fixedValues={fixedValues} {...dialog.props} />
    </>
  );
}
