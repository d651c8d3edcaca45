import {
  POST_PERMISSIONS,
  POST_SORT_FIELDS,
  type Post,
  postPageQuerySchema,
} from '@agent-console/contracts/system-post';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { postApi, usePostMutation, usePostPage } from '../../../platform/resources/system-post';
import { CrudTable, SearchForm, StatusFilter, TextFilter, useCrudList } from '../../../ui/crud';
import { PostDialog } from './PostDialog';

/** Posts (job positions) of the customers in the caller's scope. */
export default function PostPage() {
  const { t } = useTranslation(['system-post', 'crud']);
  const { list, table, column, dialog } = useCrudList({
    usePage: usePostPage,
    sortable: POST_SORT_FIELDS,
    schema: postPageQuerySchema,
    remove: usePostMutation(postApi.remove),
    permissions: POST_PERMISSIONS,
    dialog: true,
  });

  const columns: TableColumnsType<Post> = [
    column.sortable('code', t('fields.code')),
    column.sortable('name', t('fields.name')),
    { title: t('fields.customer'), dataIndex: 'customerName' },
    column.sort(),
    column.status(),
    { title: t('fields.userCount'), dataIndex: 'userCount' },
    column.createdAt(),
  ];

  return (
    <>
      <CrudTable<Post>
        testId="post-page"
        {...table}
        search={
          <SearchForm list={list}>
            <TextFilter name="code" label={t('fields.code')} />
            <TextFilter name="name" label={t('fields.name')} />
            <StatusFilter />
          </SearchForm>
        }
        columns={columns}
        rowName={(r) => r.code}
      />
      <PostDialog {...dialog.props} />
    </>
  );
}
