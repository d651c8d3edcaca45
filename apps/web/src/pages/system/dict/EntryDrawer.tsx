import {
  DICT_ENTRY_SORT_FIELDS,
  type DictEntry,
  type DictEntryPageQuery,
  type DictType,
  type Language,
  PERMISSIONS,
} from '@agent-console/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  type ButtonProps,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictApi, useDictEntries, useDictMutation } from '../../../api/system-dict';
import { useCan } from '../../../components/crud/use-can';
import { formatTime, usePageList, withoutEmpty } from '../../../components/crud/use-page-list';
import { EntryDialog } from './EntryDialog';

type Filters = Pick<DictEntryPageQuery, 'keyword' | 'enabled'>;

/** The entries of one dictionary type: search, paging, sorting, add, edit and delete. */
export function EntryDrawer({ type, onClose }: { type: DictType | null; onClose(): void }) {
  const { t, i18n } = useTranslation('system-dict');
  const lang = i18n.language as Language;
  const { modal, message } = App.useApp();
  const can = useCan();
  const list = usePageList<Filters, (typeof DICT_ENTRY_SORT_FIELDS)[number]>(DICT_ENTRY_SORT_FIELDS, (n) =>
    t('total', { count: n }),
  );
  const query = useDictEntries({ ...list.request, typeId: type?.id ?? 0 }, !!type);
  const remove = useDictMutation(dictApi.deleteEntries);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; editing: DictEntry | null }>({ open: false, editing: null });
  const [form] = Form.useForm<Filters>();

  const confirmDelete = (ids: number[]) =>
    modal.confirm({
      title: t('entry.deleteTitle'),
      content: t('entry.deleteConfirm', { count: ids.length }),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as ButtonProps,
      onOk: async () => {
        try {
          await remove.mutateAsync(ids);
          setSelected([]);
          message.success(t('deleted'));
        } catch {
          // The API client has shown the server's reason.
        }
      },
    });

  const columns: TableColumnsType<DictEntry> = [
    { title: t('fields.value'), dataIndex: 'value', key: 'value', sorter: true, sortOrder: list.sortOrder('value') },
    {
      title: t('fields.label'),
      key: 'label',
      render: (_, r) => <Tag color={r.tagColor}>{r.labels[lang] ?? r.labels.en}</Tag>,
    },
    {
      title: t('fields.sort'),
      dataIndex: 'sort',
      key: 'sort',
      sorter: true,
      sortOrder: list.sortOrder('sort'),
      width: 90,
    },
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (v: boolean) => <Tag color={v ? 'success' : 'default'}>{v ? t('enabled') : t('disabled')}</Tag>,
    },
    {
      title: t('fields.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: list.sortOrder('createdAt'),
      render: formatTime,
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 150,
      render: (_, r) => (
        <Space size={0}>
          {can(PERMISSIONS.dict.edit) && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ open: true, editing: r })}
              data-testid={`entry-edit-${r.value}`}
            >
              {t('edit')}
            </Button>
          )}
          {can(PERMISSIONS.dict.remove) && (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => confirmDelete([r.id])}
              data-testid={`entry-delete-${r.value}`}
            >
              {t('delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open={!!type}
      onClose={onClose}
      size="large"
      title={type ? t('entry.title', { name: type.names[lang] ?? type.type, type: type.type }) : ''}
      destroyOnHidden
      data-testid="entry-drawer"
    >
      <Form
        form={form}
        layout="inline"
        className="dict-filters"
        onFinish={(v) => list.setFilters(withoutEmpty(v))}
        onReset={() => list.setFilters({})}
      >
        <Form.Item name="keyword" label={t('fields.keyword')}>
          <Input allowClear maxLength={100} placeholder={t('entry.keywordHint')} data-testid="entry-filter-keyword" />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.enabled')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: true, label: t('enabled') },
              { value: false, label: t('disabled') },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="entry-search">
            {t('search')}
          </Button>
          <Button htmlType="reset">{t('reset')}</Button>
        </Space>
      </Form>
      <div className="dict-toolbar">
        {can(PERMISSIONS.dict.add) && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ open: true, editing: null })}
            data-testid="entry-add"
          >
            {t('entry.add')}
          </Button>
        )}
        {can(PERMISSIONS.dict.remove) && (
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => confirmDelete(selected)}>
            {t('deleteSelected')}
          </Button>
        )}
      </div>
      <Table<DictEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isFetching}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onChange}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{ emptyText: t('entry.empty') }}
        data-testid="entry-table"
      />
      {type && (
        <EntryDialog
          typeId={type.id}
          open={dialog.open}
          editing={dialog.editing}
          onClose={() => setDialog({ open: false, editing: null })}
        />
      )}
    </Drawer>
  );
}
