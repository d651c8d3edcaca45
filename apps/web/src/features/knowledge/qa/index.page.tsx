import {
  KNOWLEDGE_FILE_PERMISSIONS,
  KNOWLEDGE_QA_PERMISSIONS,
  QA_SORT,
  type QaPageQuery,
  type QaRecord,
  qaPageSchema,
} from '@agent-console/contracts';
import { DownloadOutlined, ExperimentOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Form, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qaApi, useQaMutation, useQaPage } from '../../../platform/resources/qa';
import { AnswerTestDrawer } from '../../../ui/answer-test/AnswerTestDrawer';
import { CrudTable, SearchForm, TextFilter, useCan, useCrudList } from '../../../ui/crud';
import { CustomerSwitch } from '../../../ui/pickers/CustomerSwitch';
import { useCustomerReach, useOwnCustomerId } from '../../../ui/pickers/customer-reach';
import { ImportDialog } from './ImportDialog';
import { QaDialog } from './QaDialog';
import { SourceSelect } from './SourceSelect';

const P = KNOWLEDGE_QA_PERMISSIONS;

/** One customer's QA at a time: the one picked (kept in the URL), else the caller's own. */
function useCustomerQaPage(query: QaPageQuery) {
  const own = useOwnCustomerId();
  return useQaPage({ ...query, customerId: query.customerId ?? own });
}

/**
 * QA management (SPEC §2): search, source filter, add, edit, delete, batch import, export, of the
 * knowledge of one customer (each customer's agents answer from its own), picked at the top by
 * whoever reaches several.
 */
export default function QaPage() {
  const { t } = useTranslation(['knowledge-qa', 'crud', 'answer-test']);
  const can = useCan();
  const own = useOwnCustomerId();
  const many = useCustomerReach().many;
  const { list, table, column, dialog } = useCrudList({
    usePage: useCustomerQaPage,
    sortable: QA_SORT,
    schema: qaPageSchema,
    remove: useQaMutation(qaApi.remove),
    permissions: P,
    dialog: true,
  });
  const [importing, setImporting] = useState(false);
  const [testing, setTesting] = useState(false);
  // The customer is picked at the top, not in the search row: a search or a reset keeps it, and
  // it is not counted among the filters.
  const { customerId: picked, ...searched } = list.filters;
  const customerId = picked ?? own;

  const columns: TableColumnsType<QaRecord> = [
    column.sortable('question', t('fields.question'), {
      width: 220,
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    }),
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
    column.time('updatedAt', t('fields.updatedAt')),
  ];

  return (
    <>
      <CrudTable<QaRecord>
        testId="qa-page"
        title={
          many && (
            <CustomerSwitch
              value={customerId}
              // Another customer's knowledge: its own sources, so the source filter goes.
              onChange={(id) => list.setFilters({ keyword: list.filters.keyword, customerId: id })}
              testId="qa-customer-switch"
            />
          )
        }
        {...table}
        search={
          <SearchForm
            values={searched}
            onSearch={(values) => list.setFilters({ ...values, ...(picked ? { customerId: picked } : {}) })}
          >
            <TextFilter
              name="keyword"
              maxLength={200}
              placeholder={t('filters.keyword')}
              width={260}
              testId="qa-keyword"
            />
            <Form.Item name="fileId">
              <SourceSelect
                customerId={customerId}
                allowClear
                placeholder={t('filters.source')}
                style={{ width: 220 }}
                data-testid="qa-source-filter"
              />
            </Form.Item>
          </SearchForm>
        }
        deleteName={(r) => `“${r.question.slice(0, 40)}”`}
        extra={
          <>
            {/* The test reads documents as well as QA: it needs the documents' view permission. */}
            {can(KNOWLEDGE_FILE_PERMISSIONS.list) && (
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
                onClick={() => void qaApi.export({ ...list.filters, customerId }).catch(() => undefined)}
                data-testid="qa-export"
              >
                {t('export')}
              </Button>
            )}
          </>
        }
        columns={columns}
      />
      <QaDialog {...dialog.props} customerId={customerId} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} customerId={customerId} />
      <AnswerTestDrawer open={testing} onClose={() => setTesting(false)} customerId={customerId} />
    </>
  );
}
