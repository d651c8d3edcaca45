import { APP_ITEM_PERMISSIONS, type AppItem, type AppNamespace } from '@agent-console/contracts';
import { LockOutlined } from '@ant-design/icons';
import { Card, Empty, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudTable, ExportButton, formatTime, SearchForm, TextFilter, useEditDialog } from '../../../ui/crud';
import { appConfigApi, useAppConfigMutation, useItems } from './app-config.api';
import { ItemDialog } from './ItemDialog';

/** A secret shows only that it is one and whether it is set; any other value as typed, in monospace. */
function ValueCell({ item }: { item: AppItem }) {
  const { t } = useTranslation('appConfig');
  if (item.secret) {
    return (
      <span data-testid={`value-${item.key}`}>
        <Tag icon={<LockOutlined />}>{t('item.secretTag')}</Tag>
        {item.hasValue ? (
          <span className="app-config-value">{item.value}</span>
        ) : (
          <Typography.Text type="secondary">{t('item.notSet')}</Typography.Text>
        )}
      </span>
    );
  }
  return (
    <Typography.Paragraph
      className="app-config-value"
      ellipsis={{ rows: 3, expandable: 'collapsible' }}
      data-testid={`value-${item.key}`}
    >
      {item.value}
    </Typography.Paragraph>
  );
}

/** The items of one namespace (not paged: a namespace holds a handful), with a keyword filter and export. */
export function ItemPanel({ namespace }: { namespace: AppNamespace | null }) {
  const { t } = useTranslation(['appConfig', 'crud']);
  const [filters, setFilters] = useState<{ keyword?: string }>({});
  const query = useItems(namespace ? { namespaceId: namespace.id, ...filters } : null);
  const dialog = useEditDialog<AppItem>();
  const remove = useAppConfigMutation((id: number) => appConfigApi.deleteItem(id));

  if (!namespace) {
    return (
      <Card className="crud-page" title={t('item.titleNone')} data-testid="item-list">
        <Empty description={t('item.chooseNamespace')} />
      </Card>
    );
  }

  const columns: TableColumnsType<AppItem> = [
    {
      title: t('fields.key'),
      dataIndex: 'key',
      render: (v: string) => <Typography.Text className="app-config-key">{v}</Typography.Text>,
    },
    { title: t('fields.value'), dataIndex: 'value', width: '40%', render: (_: string, r) => <ValueCell item={r} /> },
    { title: t('fields.comment'), dataIndex: 'comment', ellipsis: true },
    { title: t('fields.updatedAt'), dataIndex: 'updatedAt', render: formatTime },
  ];

  return (
    <>
      <CrudTable<AppItem>
        testId="item-list"
        title={t('item.title', { name: namespace.name })}
        permissions={APP_ITEM_PERMISSIONS}
        search={
          <SearchForm onSearch={setFilters} values={filters}>
            <TextFilter
              name="keyword"
              label={t('fields.keyword')}
              maxLength={128}
              placeholder={t('item.keywordHint')}
              testId="item-filter"
            />
          </SearchForm>
        }
        extra={<ExportButton run={() => appConfigApi.exportItems({ namespaceId: namespace.id, ...filters })} />}
        emptyText={t('item.empty')}
        columns={columns}
        dataSource={query.data}
        loading={query.isPending}
        pagination={false}
        onRefresh={() => void query.refetch()}
        rowName={(r) => r.key}
        onCreate={dialog.create}
        createText={t('item.add')}
        onEdit={dialog.edit}
        batch={false}
        onDelete={async (ids) => {
          for (const id of ids) await remove.mutateAsync(id);
        }}
      />
      <ItemDialog namespace={namespace} {...dialog.props} />
    </>
  );
}
