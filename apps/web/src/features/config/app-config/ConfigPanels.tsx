import { APP_NAMESPACE_PERMISSIONS, type AppNamespace } from '@agent-console/contracts';
import { Button, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudTable, SearchForm, TextFilter, useCrudList } from '../../../ui/crud';
import { appConfigApi, useAppConfigMutation, useNamespacePage } from './app-config.api';
import { ItemPanel } from './ItemPanel';
import { NamespaceDialog } from './NamespaceDialog';

interface Props {
  appId: number;
  /** The namespace the URL remembers; the first one is shown when it is not on the page. */
  selectedId: number | undefined;
  onSelect(id: number): void;
}

/** One app's namespaces (paged, searchable) beside the items of the chosen one. */
export function ConfigPanels({ appId, selectedId, onSelect }: Props) {
  const { t } = useTranslation(['appConfig', 'crud']);
  const remove = useAppConfigMutation((id: number) => appConfigApi.deleteNamespace(id));
  const { list, query, table, dialog } = useCrudList({
    usePage: useNamespacePage,
    params: { appId },
    permissions: APP_NAMESPACE_PERMISSIONS,
    dialog: true,
  });
  const rows = query.data?.list ?? [];
  const selected = rows.find((r) => r.id === selectedId) ?? rows[0] ?? null;

  const columns: TableColumnsType<AppNamespace> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      render: (v: string, r) => (
        <Button
          type="link"
          size="small"
          className="app-config-name"
          onClick={() => onSelect(r.id)}
          aria-current={r.id === selected?.id ? 'true' : undefined}
          data-testid={`namespace-open-${v}`}
        >
          {v}
        </Button>
      ),
    },
    {
      title: t('fields.format'),
      dataIndex: 'format',
      render: (v: AppNamespace['format']) => <Tag>{t(`formats.${v}`)}</Tag>,
    },
    { title: t('fields.itemCount'), dataIndex: 'itemCount', width: 80 },
    {
      title: t('fields.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
  ];

  return (
    <div className="app-config-panels">
      <CrudTable<AppNamespace>
        testId="namespace-list"
        title={t('namespace.title')}
        {...table}
        search={
          <SearchForm list={list}>
            <TextFilter
              name="keyword"
              label={t('fields.keyword')}
              placeholder={t('namespace.keywordHint')}
              testId="namespace-filter"
            />
          </SearchForm>
        }
        emptyText={t('namespace.empty')}
        columns={columns}
        rowName={(r) => r.name}
        deleteName={(r) => t('namespace.deleteName', { name: r.name, count: r.itemCount })}
        rowClassName={(r) => (r.id === selected?.id ? 'app-config-selected' : '')}
        createText={t('namespace.add')}
        batch={false}
        onDelete={async (ids) => {
          for (const id of ids) await remove.mutateAsync(id);
        }}
      />
      {selected ? <ItemPanel key={selected.id} namespace={selected} /> : <ItemPanel namespace={null} />}
      <NamespaceDialog appId={appId} onSaved={(ns) => onSelect(ns.id)} {...dialog.props} />
    </div>
  );
}
