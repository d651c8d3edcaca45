import {
  KNOWLEDGE_FILE_PERMISSIONS,
  KNOWLEDGE_FILE_SORT,
  type KnowledgeFile,
  type KnowledgeFilePageQuery,
  knowledgeFilePageSchema,
} from '@agent-console/contracts';
import { DeleteOutlined, ExperimentOutlined, ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Switch, Table, type TableColumnsType, Tooltip } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerTestDrawer } from '../../../ui/answer-test/AnswerTestDrawer';
import {
  RowActions,
  SearchForm,
  SelectFilter,
  StatusFilter,
  TextFilter,
  useCan,
  useConfirm,
  useCrudList,
  useTableLayout,
} from '../../../ui/crud';
import { useOwnCustomerId } from '../../../ui/pickers/customer-reach';
import { DocumentViewer } from './DocumentViewer';
import { FileStatus, formatSize } from './FileStatus';
import { FolderPanel, RECYCLE_KEY } from './FolderPanel';
import { type BatchAction, knowledgeApi, useKnowledgeFilePage, useKnowledgeMutation } from './knowledge.api';
import { RenameDialog } from './RenameDialog';
import { UploadButton } from './UploadButton';
import './knowledge-file.css';
import { feedback } from '../../../platform/api/feedback';

type Place = number | typeof RECYCLE_KEY | undefined;

/**
 * A place on the left as list filters, in the URL with the search row's: a folder, or the bin
 * (`recycled=true`), or all live documents.
 */
const placeFilters = (place: Place): Pick<KnowledgeFilePageQuery, 'folderId' | 'recycled'> =>
  place === RECYCLE_KEY ? { recycled: true } : place ? { folderId: place } : {};

/**
 * The documents of the place picked, of one customer (the one picked, else the caller's own): the
 * bin's (of every folder), or the live ones of a folder or all.
 */
function usePlacePage({ folderId, recycled, customerId, ...query }: KnowledgeFilePageQuery) {
  const own = useOwnCustomerId();
  return useKnowledgeFilePage({
    ...query,
    customerId: customerId ?? own,
    ...(!recycled && folderId ? { folderId } : {}),
    recycled: recycled === true,
  });
}
const P = KNOWLEDGE_FILE_PERMISSIONS;

/**
 * File management (SPEC §2): folder tree with the root folder, upload (PDF/Word, 10MB), select
 * all, batch enable/disable/delete, the recycle bin with restore and permanent delete, and the
 * processing and mining status of every document, refreshed while processing.
 */
export default function KnowledgeFilePage() {
  const { t } = useTranslation(['knowledge-file', 'crud', 'answer-test', 'knowledge-viewer']);
  const can = useCan();
  const ask = useConfirm();
  const { list, query, column } = useCrudList({
    usePage: usePlacePage,
    sortable: KNOWLEDGE_FILE_SORT,
    schema: knowledgeFilePageSchema,
  });
  const { folderId: inFolder, recycled: inBin, customerId: picked, ...searched } = list.filters;
  const own = useOwnCustomerId();
  const customerId = picked ?? own;
  // The search row's filters and the customer: what stays when another folder is picked.
  const kept = { ...searched, ...(picked ? { customerId: picked } : {}) };
  const recycled = inBin === true;
  const place: Place = recycled ? RECYCLE_KEY : inFolder;
  const folderId = recycled ? undefined : inFolder;
  const [selected, setSelected] = useState<KnowledgeFile[]>([]);
  const [renaming, setRenaming] = useState<KnowledgeFile | null>(null);
  const [viewing, setViewing] = useState<KnowledgeFile | null>(null);
  const [testing, setTesting] = useState(false);
  const batch = useKnowledgeMutation((v: { ids: number[]; action: BatchAction }) =>
    knowledgeApi.batch(v.ids, v.action),
  );
  const update = useKnowledgeMutation((v: { id: number; enabled: boolean }) =>
    knowledgeApi.update(v.id, { enabled: v.enabled }),
  );
  const retry = useKnowledgeMutation((id: number) => knowledgeApi.retry(id));

  const run = async (rows: KnowledgeFile[], action: BatchAction, done: string) => {
    await batch.mutateAsync({ ids: rows.map((r) => r.id), action });
    feedback.success(done);
    setSelected([]);
  };

  /** Binning and permanent deletion ask first, naming the documents. */
  const confirm = (rows: KnowledgeFile[], action: 'recycle' | 'purge') => {
    const names = rows.map((r) => r.name).join(', ');
    const key = action === 'recycle' ? 'confirmRecycle' : 'confirmPurge';
    void ask({
      title: t(`${key}.title`),
      content: t(`${key}.content`, { names }),
      okText: action === 'recycle' ? t('crud:delete') : t('purge'),
      cancelText: t('crud:cancel'),
      okTestId: 'file-confirm-ok',
      run: () => run(rows, action, action === 'recycle' ? t('recycled') : t('purged')),
    });
  };

  const columns: TableColumnsType<KnowledgeFile> = [
    column.sortable('name', t('fields.name'), {
      // A button, so the viewer opens from the keyboard too; binned documents are not opened.
      render: (v: string, r) =>
        recycled ? (
          <strong>{v}</strong>
        ) : (
          <Button
            type="link"
            className="file-name-link"
            onClick={() => setViewing(r)}
            title={t('knowledge-viewer:open')}
            data-testid={`open-${r.id}`}
          >
            {v}
          </Button>
        ),
    }),
    { title: t('fields.type'), dataIndex: 'fileType', render: (v: string | null) => (v ? v.toUpperCase() : '—') },
    column.sortable('size', t('fields.size'), { render: formatSize }),
    {
      title: (
        <Tooltip title={t('disabledHint')}>
          <span>{t('fields.enabled')}</span>
        </Tooltip>
      ),
      dataIndex: 'enabled',
      render: (v: boolean, r) => (
        <Switch
          checked={v}
          disabled={recycled || !can(P.edit)}
          loading={update.isPending && update.variables?.id === r.id}
          onChange={(enabled) =>
            void update
              .mutateAsync({ id: r.id, enabled })
              .then(() => feedback.success(enabled ? t('enabledOn') : t('enabledOff')))
          }
          data-testid={`enable-${r.id}`}
        />
      ),
    },
    {
      title: t('fields.mining'),
      key: 'status',
      render: (_, r) => (
        <FileStatus
          file={r}
          {...(can(P.edit) && !recycled
            ? { onRetry: () => void retry.mutateAsync(r.id).then(() => feedback.success(t('retried'))) }
            : {})}
        />
      ),
    },
    recycled ? column.time('deletedAt', t('fields.deletedAt')) : column.createdAt(),
    {
      title: t('crud:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) =>
        recycled ? (
          <Space size={0}>
            {can(P.edit) && (
              <Button
                type="link"
                size="small"
                icon={<UndoOutlined />}
                onClick={() => void run([r], 'restore', t('restored'))}
                data-testid={`restore-${r.id}`}
              >
                {t('restore')}
              </Button>
            )}
            {can(P.remove) && (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => confirm([r], 'purge')}
                data-testid={`purge-${r.id}`}
              >
                {t('purge')}
              </Button>
            )}
          </Space>
        ) : (
          <RowActions
            name={String(r.id)}
            {...(can(P.edit) ? { onEdit: () => setRenaming(r) } : {})}
            {...(can(P.remove) ? { onDelete: () => confirm([r], 'recycle') } : {})}
          />
        ),
    },
  ];

  const layout = useTableLayout(columns, { selection: true });
  const keys: Key[] = selected.map((r) => r.id);
  const toolbar = recycled ? (
    <Space wrap>
      {can(P.edit) && (
        <Button
          icon={<UndoOutlined />}
          disabled={!selected.length}
          onClick={() => void run(selected, 'restore', t('restored'))}
          data-testid="batch-restore"
        >
          {t('batch.restore', { count: selected.length })}
        </Button>
      )}
      {can(P.remove) && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={!selected.length}
          onClick={() => confirm(selected, 'purge')}
          data-testid="batch-purge"
        >
          {t('batch.purge', { count: selected.length })}
        </Button>
      )}
    </Space>
  ) : (
    <Space wrap>
      {can(P.upload) && <UploadButton customerId={customerId} folderId={folderId} />}
      {can(P.edit) && (
        <>
          <Button
            disabled={!selected.length}
            onClick={() => void run(selected, 'enable', t('enabledOn'))}
            data-testid="batch-enable"
          >
            {t('batch.enable')}
          </Button>
          <Button
            disabled={!selected.length}
            onClick={() => void run(selected, 'disable', t('enabledOff'))}
            data-testid="batch-disable"
          >
            {t('batch.disable')}
          </Button>
        </>
      )}
      {can(P.remove) && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={!selected.length}
          onClick={() => confirm(selected, 'recycle')}
          data-testid="batch-recycle"
        >
          {t('batch.recycle', { count: selected.length })}
        </Button>
      )}
    </Space>
  );

  return (
    <div className="knowledge-file-page" data-testid="knowledge-file-page">
      <FolderPanel
        customerId={customerId}
        onCustomerChange={(id) => {
          // Another customer's knowledge: its own folders, so the place goes back to all documents.
          list.setFilters({ ...searched, customerId: id });
          setSelected([]);
        }}
        selected={place}
        onSelect={(next) => {
          list.setFilters({ ...kept, ...placeFilters(next) });
          setSelected([]);
        }}
        canEdit={can(P.edit)}
      />
      <Card className="crud-page knowledge-file-main" title={recycled ? t('recycleBin') : t('title')}>
        <SearchForm
          values={searched}
          onSearch={(values) =>
            list.setFilters({ ...values, ...(picked ? { customerId: picked } : {}), ...placeFilters(place) })
          }
        >
          <TextFilter name="name" maxLength={200} placeholder={t('fields.name')} testId="file-filter-name" />
          <SelectFilter
            name="miningStatus"
            placeholder={t('filters.mining')}
            width={150}
            options={[1, 2, 3].map((v) => ({ value: v, label: t(`mining.${v}`) }))}
            testId="file-filter-mining"
          />
          <StatusFilter label={false} />
        </SearchForm>
        <div className="crud-toolbar">
          {toolbar}
          <Button icon={<ExperimentOutlined />} onClick={() => setTesting(true)} data-testid="answer-test-open">
            {t('answer-test:open')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void query.refetch()}
            aria-label={t('crud:refresh')}
            data-testid="file-refresh"
          />
        </div>
        <Table<KnowledgeFile>
          rowKey="id"
          size="middle"
          dataSource={query.data?.list}
          loading={query.isLoading || batch.isPending}
          locale={{ emptyText: <Empty description={recycled ? t('emptyBin') : t('emptyFiles')} /> }}
          rowSelection={{
            selectedRowKeys: keys,
            onChange: (_k, rows) => setSelected(rows),
            getCheckboxProps: (r) => ({ 'data-testid': `select-${r.id}` }) as object,
          }}
          {...list.paging(query.data)}
          data-testid="file-table"
          {...layout}
        />
      </Card>
      <RenameDialog file={renaming} onClose={() => setRenaming(null)} />
      <DocumentViewer file={viewing} onClose={() => setViewing(null)} />
      <AnswerTestDrawer open={testing} onClose={() => setTesting(false)} customerId={customerId} />
    </div>
  );
}
