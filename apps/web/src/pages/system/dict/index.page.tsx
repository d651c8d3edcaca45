import {
  DICT_TYPE_SORT_FIELDS,
  type DictType,
  type DictTypePageQuery,
  type Language,
  PERMISSIONS,
} from '@agent-console/contracts';
import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import {
  App,
  Button,
  type ButtonProps,
  Card,
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
import { dictApi, useDictMutation, useDictTypes } from '../../../api/system-dict';
import { useCan } from '../../../components/crud/use-can';
import { formatTime, usePageList, withoutEmpty } from '../../../components/crud/use-page-list';
import { EntryDrawer } from './EntryDrawer';
import { TypeDialog } from './TypeDialog';
import './dict.css';

type Filters = Pick<DictTypePageQuery, 'keyword' | 'enabled'>;

/** Dictionaries (SPEC §7 /system/dict): types with their entries, cached by every screen. */
export default function DictPage() {
  const { t, i18n } = useTranslation('system-dict');
  const lang = i18n.language as Language;
  const { modal, message } = App.useApp();
  const can = useCan();
  const list = usePageList<Filters, (typeof DICT_TYPE_SORT_FIELDS)[number]>(DICT_TYPE_SORT_FIELDS, (n) =>
    t('total', { count: n }),
  );
  const query = useDictTypes(list.request);
  const remove = useDictMutation(dictApi.deleteTypes);
  const rebuild = useDictMutation(() => dictApi.cacheUpdate());
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; editing: DictType | null }>({ open: false, editing: null });
  const [entriesOf, setEntriesOf] = useState<DictType | null>(null);
  const [form] = Form.useForm<Filters>();

  const confirmDelete = (ids: number[]) =>
    modal.confirm({
      title: t('type.deleteTitle'),
      content: t('type.deleteConfirm', { count: ids.length }),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as ButtonProps,
      onOk: async () => {
        try {
          await remove.mutateAsync(ids);
          setSelected([]);
          message.success(t('deleted'));
        } catch {
          // The API client has shown the server's reason (e.g. the type still has entries).
        }
      },
    });

  const columns: TableColumnsType<DictType> = [
    {
      title: t('fields.type'),
      dataIndex: 'type',
      key: 'type',
      sorter: true,
      sortOrder: list.sortOrder('type'),
      render: (v: string, r) => (
        <Button type="link" size="small" onClick={() => setEntriesOf(r)} data-testid={`type-open-${v}`}>
          {v}
        </Button>
      ),
    },
    { title: t('fields.name'), key: 'name', render: (_, r) => r.names[lang] ?? r.names.en },
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      width: 100,
      render: (v: boolean, r) => (
        <Space size={4}>
          <Tag color={v ? 'success' : 'default'}>{v ? t('enabled') : t('disabled')}</Tag>
          {r.builtin && <Tag>{t('builtin')}</Tag>}
        </Space>
      ),
    },
    { title: t('fields.entryCount'), dataIndex: 'entryCount', width: 100 },
    { title: t('fields.remark'), dataIndex: 'remark', ellipsis: true },
    {
      title: t('fields.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      sorter: true,
      sortOrder: list.sortOrder('updatedAt'),
      render: formatTime,
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 240,
      render: (_, r) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<UnorderedListOutlined />}
            onClick={() => setEntriesOf(r)}
            data-testid={`type-entries-${r.type}`}
          >
            {t('entries')}
          </Button>
          {can(PERMISSIONS.dict.edit) && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ open: true, editing: r })}
              data-testid={`type-edit-${r.type}`}
            >
              {t('edit')}
            </Button>
          )}
          {can(PERMISSIONS.dict.remove) && !r.builtin && (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => confirmDelete([r.id])}
              data-testid={`type-delete-${r.type}`}
            >
              {t('delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card className="dict-page" data-testid="dict-page">
      <Form
        form={form}
        layout="inline"
        className="dict-filters"
        onFinish={(v) => list.setFilters(withoutEmpty(v))}
        onReset={() => list.setFilters({})}
      >
        <Form.Item name="keyword" label={t('fields.keyword')}>
          <Input allowClear maxLength={100} placeholder={t('type.keywordHint')} data-testid="filter-keyword" />
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
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search">
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
            data-testid="type-add"
          >
            {t('type.add')}
          </Button>
        )}
        {can(PERMISSIONS.dict.remove) && (
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!selected.length}
            onClick={() => confirmDelete(selected)}
            data-testid="delete-selected"
          >
            {t('deleteSelected')}
          </Button>
        )}
        {can(PERMISSIONS.dict.edit) && (
          <Button
            icon={<ReloadOutlined />}
            loading={rebuild.isPending}
            onClick={() =>
              rebuild.mutateAsync(undefined).then(
                () => message.success(t('cacheRefreshed')),
                () => undefined,
              )
            }
            data-testid="cache-refresh"
          >
            {t('cacheRefresh')}
          </Button>
        )}
      </div>
      <Table<DictType>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isFetching}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onChange}
        scroll={{ x: 900 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (r) => ({ disabled: r.builtin }),
        }}
        locale={{ emptyText: t('type.empty') }}
        data-testid="type-table"
      />
      <TypeDialog
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
      />
      <EntryDrawer type={entriesOf} onClose={() => setEntriesOf(null)} />
    </Card>
  );
}
