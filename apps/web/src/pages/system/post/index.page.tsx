import { PERMISSIONS, POST_SORT_FIELDS, type Post, type PostPageQuery } from '@agent-console/contracts';
import { Form, Input, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postApi, usePostMutation, usePostPage } from '../../../api/system-post';
import {
  CrudTable,
  formatTime,
  RowActions,
  SearchForm,
  StatusTag,
  useCan,
  useConfirmDelete,
  useListState,
} from '../../../components/crud';
import { PostDialog } from './PostDialog';

type Filters = Pick<PostPageQuery, 'code' | 'name' | 'enabled'>;

/** Posts (job positions) of the customers in the caller's scope. */
export default function PostPage() {
  const { t } = useTranslation(['system-post', 'crud']);
  const can = useCan();
  const list = useListState<Filters, (typeof POST_SORT_FIELDS)[number]>(POST_SORT_FIELDS);
  const query = usePostPage(list.request);
  const remove = usePostMutation((ids: number[]) => postApi.remove(ids));
  const confirmDelete = useConfirmDelete();
  const [form] = Form.useForm<Filters>();
  const [dialog, setDialog] = useState<{ open: boolean; post: Post | null }>({ open: false, post: null });

  const del = (rows: Post[]) =>
    confirmDelete(
      rows.map((r) => r.name),
      () => remove.mutateAsync(rows.map((r) => r.id)),
    );

  const columns: TableColumnsType<Post> = [
    { title: t('fields.code'), dataIndex: 'code', ...list.sortable('code') },
    { title: t('fields.name'), dataIndex: 'name', ...list.sortable('name') },
    { title: t('fields.customer'), dataIndex: 'customerName' },
    { title: t('crud:sort'), dataIndex: 'sort', ...list.sortable('sort') },
    { title: t('crud:status'), dataIndex: 'enabled', render: (v: boolean) => <StatusTag enabled={v} /> },
    { title: t('fields.userCount'), dataIndex: 'userCount' },
    { title: t('crud:createdAt'), dataIndex: 'createdAt', ...list.sortable('createdAt'), render: formatTime },
    {
      title: t('crud:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <RowActions
          name={r.code}
          {...(can(PERMISSIONS.post.edit) ? { onEdit: () => setDialog({ open: true, post: r }) } : {})}
          {...(can(PERMISSIONS.post.remove) ? { onDelete: () => void del([r]) } : {})}
        />
      ),
    },
  ];

  return (
    <>
      <CrudTable<Post>
        testId="post-page"
        search={
          <SearchForm form={form} onSearch={list.setFilters}>
            <Form.Item name="code" label={t('fields.code')}>
              <Input allowClear maxLength={64} data-testid="filter-code" />
            </Form.Item>
            <Form.Item name="name" label={t('fields.name')}>
              <Input allowClear maxLength={64} data-testid="filter-name" />
            </Form.Item>
            <Form.Item name="enabled" label={t('crud:status')}>
              <Select
                allowClear
                style={{ width: 120 }}
                options={[
                  { value: true, label: t('crud:enabled') },
                  { value: false, label: t('crud:disabled') },
                ]}
              />
            </Form.Item>
          </SearchForm>
        }
        {...(can(PERMISSIONS.post.add) ? { onCreate: () => setDialog({ open: true, post: null }) } : {})}
        {...(can(PERMISSIONS.post.remove) ? { onBatchDelete: del } : {})}
        onRefresh={() => void query.refetch()}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onChange}
      />
      <PostDialog open={dialog.open} post={dialog.post} onClose={() => setDialog({ open: false, post: null })} />
    </>
  );
}
