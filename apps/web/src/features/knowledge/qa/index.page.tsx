import { PERMISSIONS, QA_SORT, type QaPageQuery, type QaRecord, qaPageSchema } from '@agent-console/contracts';
import { DownloadOutlined, ExperimentOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qaApi, useQaMutation, useQaPage } from '../../../platform/resources/qa';
import { AnswerTestDrawer } from '../../../ui/answer-test/AnswerTestDrawer';
import {
  CrudTable,
  formatTime,
  RowActions,
  SearchForm,
  useCan,
  useConfirmDelete,
  useListState,
} from '../../../ui/crud';
import { ImportDialog } from './ImportDialog';
import { QaDialog } from './QaDialog';
import { SourceSelect } from './SourceSelect';

type Filters = Pick<QaPageQuery, 'keyword' | 'fileId'>;
const P = PERMISSIONS.knowledgeQa;

/** QA management (SPEC §2): search, source filter, add, edit, delete, batch import, export. */
export default function QaPage() {
  const { t } = useTranslation(['knowledge-qa', 'crud', 'answer-test']);
  const can = useCan();
  const list = useListState<Filters, (typeof QA_SORT)[number]>(QA_SORT, 10, { schema: qaPageSchema });
  const query = useQaPage(list.request);
  const remove = useQaMutation((ids: number[]) => qaApi.remove(ids));
  const confirmDelete = useConfirmDelete();
  const [dialog, setDialog] = useState<{ open: boolean; qa: QaRecord | null }>({ open: false, qa: null });
  const [importing, setImporting] = useState(false);
  const [testing, setTesting] = useState(false);

  const del = (rows: QaRecord[]) =>
    confirmDelete(
      rows.map((r) => `“${r.question.slice(0, 40)}”`),
      () => remove.mutateAsync(rows.map((r) => r.id)),
    );

  const columns: TableColumnsType<QaRecord> = [
    {
      title: t('fields.question'),
      dataIndex: 'question',
      width: 220,
      ...list.sortable('question'),
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    {
      title: t('fields.answer'),
      dataIndex: 'answer',
      width: 300,
      render: (v: string) => (
        <Typography.Paragraph
          ellipsis={{ rows: 3, expandable: 'collapsible' }}
          style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}
        >
          {v}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('fields.tags'),
      dataIndex: 'tags',
      render: (v: string) =>
        v ? (
          <Space size={[0, 4]} wrap>
            {v.split(',').map((tag) => (
              <Tag key={tag}>{tag}</Tag>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('fields.source'),
      dataIndex: 'fileName',
      render: (v: string | null, r) =>
        v === null ? (
          <Typography.Text type="secondary" data-testid="qa-source-manual">
            {t('manualSource')}
          </Typography.Text>
        ) : (
          <span>
            {v} {!r.fileEnabled && <Tag>{t('sourceDisabled')}</Tag>}
          </span>
        ),
    },
    { title: t('fields.origin'), dataIndex: 'origin', render: (v: QaRecord['origin']) => t(`origin.${v}`) },
    { title: t('fields.updatedAt'), dataIndex: 'updatedAt', ...list.sortable('updatedAt'), render: formatTime },
    {
      title: t('crud:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <RowActions
          name={String(r.id)}
          {...(can(P.edit) ? { onEdit: () => setDialog({ open: true, qa: r }) } : {})}
          {...(can(P.remove) ? { onDelete: () => void del([r]) } : {})}
        />
      ),
    },
  ];

  return (
    <>
      <CrudTable<QaRecord>
        testId="qa-page"
        search={
          <SearchForm list={list}>
            <Form.Item name="keyword">
              <Input
                allowClear
                maxLength={200}
                placeholder={t('filters.keyword')}
                style={{ width: 260 }}
                data-testid="qa-keyword"
              />
            </Form.Item>
            <Form.Item name="fileId">
              <SourceSelect
                allowClear
                placeholder={t('filters.source')}
                style={{ width: 220 }}
                data-testid="qa-source-filter"
              />
            </Form.Item>
          </SearchForm>
        }
        {...(can(P.add) ? { onCreate: () => setDialog({ open: true, qa: null }) } : {})}
        {...(can(P.remove) ? { onBatchDelete: del } : {})}
        extra={
          <>
            {/* The test reads documents as well as QA: it needs the documents' view permission. */}
            {can(PERMISSIONS.knowledgeFile.list) && (
              <Button icon={<ExperimentOutlined />} onClick={() => setTesting(true)} data-testid="answer-test-open">
                {t('answer-test:open')}
              </Button>
            )}
            {can(P.import) && (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="qa-import-open">
                {t('import.open')}
              </Button>
            )}
            {can(P.export) && (
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void qaApi.export(list.filters).catch(() => undefined)}
                data-testid="qa-export"
              >
                {t('export')}
              </Button>
            )}
          </>
        }
        onRefresh={() => void query.refetch()}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onChange}
      />
      <QaDialog open={dialog.open} qa={dialog.qa} onClose={() => setDialog({ open: false, qa: null })} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
      <AnswerTestDrawer open={testing} onClose={() => setTesting(false)} />
    </>
  );
}
