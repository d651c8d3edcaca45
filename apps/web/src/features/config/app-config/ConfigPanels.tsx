import { type AppNamespace, type AppNamespacePageQuery, PERMISSIONS } from '@agent-console/contracts';
import { Button, Form, Input, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudTable, SearchForm, useEditDialog, useListState } from '../../../ui/crud';
import { appConfigApi, useAppConfigMutation, useNamespacePage } from './app-config.api';
import { ItemPanel } from './ItemPanel';
import { NamespaceDialog } from './NamespaceDialog';

type Filters = Pick<AppNamespacePageQuery, 'keyword'>;
const NO_SORT: readonly never[] = [];

interface Props {
  appId: number;
  /** The namespace the URL remembers; the first one is shown when it is not on the page. */
  selectedId: number | undefined;
  onSelect(id: number): void;
}

/** One app's namespaces (paged, searchable) beside the items of the chosen one. */
export function ConfigPanels({ appId, selectedId, onSelect }: Props) {
  const { t } = useTranslation(['appConfig', 'crud']);
  const list = useListState<Filters, never>(NO_SORT, 10);
  const query = useNamespacePage({ ...list.request, appId });
  const rows = query.data?.list ?? [];
  const selected = rows.find((r) => r.id === selectedId) ?? rows[0] ?? null;
  const dialog = useEditDialog<AppNamespace>();
  const remove = useAppConfigMutation((id: number) => appConfigApi.deleteNamespace(id));

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
        list={list}
        query={query}
        permissions={PERMISSIONS.appNamespace}
        search={
          <SearchForm list={list}>
            <Form.Item name="keyword" label={t('fields.keyword')}>
              <Input
                allowClear
                maxLength={64}
                placeholder={t('namespace.keywordHint')}
                data-testid="namespace-filter"
              />
            </Form.Item>
          </SearchForm>
        }
        emptyText={t('namespace.empty')}
        columns={columns}
        rowName={(r) => r.name}
        deleteName={(r) => t('namespace.deleteName', { name: r.name, count: r.itemCount })}
        rowClassName={(r) => (r.id === selected?.id ? 'app-config-selected' : '')}
        onCreate={dialog.create}
        createText={t('namespace.add')}
        onEdit={dialog.edit}
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
