import { QA_IMPORT_MAX_BYTES, type QaImport } from '@agent-console/contracts';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Progress, Radio, Space, Statistic, Table, Tag, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qaApi, qaKeys, useQaImport, useQaMutation } from '../../../platform/resources/qa';
import { SourceField } from './SourceSelect';

interface Props {
  open: boolean;
  onClose(): void;
  /** Whose knowledge the QA go into. */
  customerId: number | undefined;
}

interface Values {
  sourceMode: 'existing' | 'new';
  fileId?: number;
  newFileName?: string;
}

const ACCEPT = ['.xlsx', '.csv'];

/**
 * Batch import: a file (XLSX or CSV) and a source are required. The import runs on the server
 * as a job; this dialog polls its progress and then shows the report with every rejected row.
 */
export function ImportDialog({ open, onClose, customerId }: Props) {
  const { t } = useTranslation(['knowledge-qa', 'crud']);
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('sourceMode', form);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const job = useQaImport(importId);
  const start = useQaMutation((v: Values & { file: File }) =>
    qaApi.startImport(v.file, {
      customerId,
      ...(v.sourceMode === 'new' ? { newFileName: v.newFileName } : { fileId: v.fileId }),
    }),
  );
  const done = !!job.data && ['completed', 'failed'].includes(job.data.status);
  const client = useQueryClient();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setFile(null);
    setFileError(null);
    setImportId(null);
  }, [open, form]);

  useEffect(() => {
    // Refresh the list and the sources once the job has finished.
    if (done) void client.invalidateQueries({ queryKey: qaKeys.all });
  }, [done, client]);

  const pick = (f: File) => {
    const lower = f.name.toLowerCase();
    if (!ACCEPT.some((ext) => lower.endsWith(ext))) setFileError(t('import.wrongType'));
    else if (f.size > QA_IMPORT_MAX_BYTES) setFileError(t('import.tooLarge'));
    else {
      setFileError(null);
      setFile(f);
    }
    return false;
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!file) setFileError(t('import.fileRequired'));
    if (!values || !file) return;
    try {
      const created = await start.mutateAsync({ ...values, file });
      setImportId(created.id);
    } catch {
      // The API client has already shown the server's message.
    }
  };

  return (
    <Modal
      open={open}
      title={t('import.title')}
      width={680}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        importId ? (
          <Button onClick={onClose} data-testid="qa-import-close">
            {t('import.close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('crud:cancel')}</Button>
            <Button
              type="primary"
              loading={start.isPending}
              onClick={() => void submit()}
              data-testid="qa-import-start"
            >
              {t('import.start')}
            </Button>
          </Space>
        )
      }
    >
      <div data-testid="qa-import-dialog">
        {importId && job.data ? (
          <ImportReport job={job.data} />
        ) : (
          <Form form={form} layout="vertical" initialValues={{ sourceMode: 'existing' }}>
            <Alert type="info" showIcon title={t('import.hint')} style={{ marginBottom: 16 }} />
            <Button
              type="link"
              style={{ paddingInline: 0 }}
              onClick={() => void qaApi.template()}
              data-testid="qa-import-sample"
            >
              {t('import.sample')}
            </Button>
            <Form.Item label={t('import.file')} required validateStatus={fileError ? 'error' : ''} help={fileError}>
              <Upload.Dragger
                accept={ACCEPT.join(',')}
                maxCount={1}
                beforeUpload={pick}
                fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
                onRemove={() => setFile(null)}
                data-testid="qa-import-file"
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{t('import.drag')}</p>
              </Upload.Dragger>
            </Form.Item>
            <Form.Item name="sourceMode" label={t('fields.source')}>
              <Radio.Group
                options={[
                  { value: 'existing', label: t('sourceMode.existing') },
                  { value: 'new', label: t('sourceMode.new') },
                ]}
              />
            </Form.Item>
            <SourceField isNew={mode === 'new'} testId="qa-import" customerId={customerId} />
          </Form>
        )}
      </div>
    </Modal>
  );
}

const STATUS_COLOR: Record<QaImport['status'], string> = {
  queued: 'default',
  running: 'processing',
  completed: 'success',
  failed: 'error',
};

function ImportReport({ job }: { job: QaImport }) {
  const { t } = useTranslation('knowledge-qa');
  const percent = job.totalRows
    ? Math.round((job.processedRows / job.totalRows) * 100)
    : job.status === 'completed'
      ? 100
      : 0;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="qa-import-report">
      <Space>
        <Tag color={STATUS_COLOR[job.status]} data-testid="qa-import-status" data-status={job.status}>
          {t(`import.status.${job.status}`)}
        </Tag>
        <span>{t('import.progress', { done: job.processedRows, total: job.totalRows })}</span>
      </Space>
      <Progress percent={percent} status={job.status === 'failed' ? 'exception' : undefined} />
      {job.error && <Alert type="error" showIcon title={t(`import.error.${job.error}`, { defaultValue: job.error })} />}
      {job.status === 'completed' && (
        <>
          <Space size="large">
            <Statistic title={t('import.inserted')} value={job.inserted} data-testid="qa-import-inserted" />
            <Statistic title={t('import.updated')} value={job.updated} />
            <Statistic title={t('import.rejected')} value={job.rejected.length} data-testid="qa-import-rejected" />
          </Space>
          {job.rejected.length ? (
            <Table
              size="small"
              rowKey="row"
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              dataSource={job.rejected}
              columns={[
                { title: t('import.row'), dataIndex: 'row', width: 90 },
                {
                  title: t('import.reason'),
                  dataIndex: 'reason',
                  render: (r: string) => t(`reasons.${r}`, { defaultValue: r }),
                },
              ]}
            />
          ) : (
            <Alert type="success" showIcon title={t('import.noRejected')} />
          )}
        </>
      )}
    </Space>
  );
}
