import {
  POST_PERMISSIONS,
  POST_SORT_FIELDS,
  type Post,
  type PostPageQuery,
  postPageQuerySchema,
} from '@agent-console/contracts/system-post';
import { Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { postApi, usePostMutation, usePostPage } from '../../../platform/resources/system-post';
import {
  CrudTable,
  formatTime,
  SearchForm,
  StatusFilter,
  StatusTag,
  useEditDialog,
  useListState,
} from '../../../ui/crud';
import { PostDialog } from './PostDialog';

type Filters = Pick<PostPageQuery, 'code' | 'name' | 'enabled'>;

/** Posts (job positions) of the customers in the caller's scope. */
export default function PostPage() {
  const { t } = useTranslation(['system-post', 'crud']);
  const list = useListState<Filters, (typeof POST_SORT_FIELDS)[number]>(POST_SORT_FIELDS, 10, {
    schema: postPageQuerySchema,
  });
  const query = usePostPage(list.request);
  const remove = usePostMutation((ids: number[]) => postApi.remove(ids));
  const dialog = useEditDialog<Post>();

  const columns: TableColumnsType<Post> = [
    { title: t('fields.code'), dataIndex: 'code', ...list.sortable('code') },
    { title: t('fields.name'), dataIndex: 'name', ...list.sortable('name') },
    { title: t('fields.customer'), dataIndex: 'customerName' },
    { title: t('crud:sort'), dataIndex: 'sort', ...list.sortable('sort') },
    { title: t('crud:status'), dataIndex: 'enabled', render: (v: boolean) => <StatusTag enabled={v} /> },
    { title: t('fields.userCount'), dataIndex: 'userCount' },
    { title: t('crud:createdAt'), dataIndex: 'createdAt', ...list.sortable('createdAt'), render: formatTime },
  ];

  return (
    <>
      <CrudTable<Post>
        testId="post-page"
        list={list}
        query={query}
        permissions={POST_PERMISSIONS}
        search={
          <SearchForm list={list}>
            <Form.Item name="code" label={t('fields.code')}>
              <Input allowClear maxLength={64} data-testid="filter-code" />
            </Form.Item>
            <Form.Item name="name" label={t('fields.name')}>
              <Input allowClear maxLength={64} data-testid="filter-name" />
            </Form.Item>
            <StatusFilter />
          </SearchForm>
        }
        columns={columns}
        rowName={(r) => r.code}
        onCreate={dialog.create}
        onEdit={dialog.edit}
        onDelete={remove.mutateAsync}
      />
      <PostDialog {...dialog.props} />
    </>
  );
}
