import {
  DICT_ENTRY_SORT_FIELDS,
  DICT_PERMISSIONS,
  type DictEntry,
  type DictType,
  type Language,
  valueDictValues,
} from '@agent-console/contracts';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudTable, ListDrawer, useCrudList } from '../../../ui/crud';
import { dictApi, useDictEntries, useDictMutation } from './dict.api';
import { EntryDialog } from './EntryDialog';
import { KeywordSearch } from './KeywordSearch';

/** The entries of one dictionary type, over the types list. */
export function EntryDrawer({ type, onClose }: { type: DictType | null; onClose(): void }) {
  const { t, i18n } = useTranslation('system-dict');
  const lang = i18n.language as Language;
  return (
    <ListDrawer
      of={type}
      onClose={onClose}
      title={(of) => t('entry.title', { name: of.names[lang] ?? of.type, type: of.type })}
      testId="entry-drawer"
    >
      {(of) => <EntryList type={of} />}
    </ListDrawer>
  );
}

/** Search, paging, sorting, add, edit and delete of a type's entries. */
function EntryList({ type }: { type: DictType }) {
  const { t, i18n } = useTranslation(['system-dict', 'crud']);
  const lang = i18n.language as Language;
  // A value dictionary's values are the product's (docs/decisions.md): its entries are relabelled,
  // recoloured or switched off, never deleted.
  const fixedValues = valueDictValues(type.type);
  const removeEntries = useDictMutation(dictApi.deleteEntries);
  const { list, table, column, dialog } = useCrudList({
    usePage: useDictEntries,
    params: { typeId: type.id },
    sortable: DICT_ENTRY_SORT_FIELDS,
    remove: fixedValues ? undefined : removeEntries,
    permissions: DICT_PERMISSIONS,
    dialog: true,
  });

  const columns: TableColumnsType<DictEntry> = [
    column.sortable('value', t('fields.value')),
    {
      title: t('fields.label'),
      key: 'label',
      render: (_, r) => <Tag color={r.tagColor}>{r.labels[lang] ?? r.labels.en}</Tag>,
    },
    column.sort({ width: 90 }),
    column.status({ width: 90 }),
    column.createdAt(),
  ];

  return (
    <>
      <CrudTable<DictEntry>
        embedded
        testId="entry-list"
        {...table}
        search={<KeywordSearch list={list} hint={t('entry.keywordHint')} testId="entry-filter-keyword" />}
        emptyText={t('entry.empty')}
        size="small"
        columns={columns}
        rowName={(r) => r.value}
        createText={t('entry.add')}
        data-testid="entry-table"
      />
      <EntryDialog typeId={type.id} fixedValues={fixedValues} {...dialog.props} />
    </>
  );
}
