import { CHAT_FILES_MAX, CHAT_TEXT_MAX, type ChatSendBatch, type Contact } from '@agent-console/contracts';
import { DeleteOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, List, Modal, Radio, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatAccountOptions } from '../../../platform/resources/chat-account';
import { SendBudgetLine } from '../../../ui/chat-send/SendBudgetLine';
import { BatchResults } from './BatchResults';
import { chatMessageApi } from './chat-message.api';
import { addFiles, type FileProblem, showChar } from './message-files';

interface Props {
  open: boolean;
  accountId: number | undefined;
  /** The selected contacts (across pages). */
  recipients: Contact[];
  onClose(): void;
}

type Kind = 'text' | 'file';

/**
 * A batch message to the selected contacts (WAVE2 §2.4): a text of up to 2,000 characters, or 1–3
 * files of up to 3MB with safe names, each refused file with its own message before any call.
 * Once sent, the paced queue's progress and every recipient's result are shown.
 */
export function MessageDialog({ open, accountId, recipients, onClose }: Props) {
  const { t } = useTranslation(['chat-address', 'crud']);
  const [kind, setKind] = useState<Kind>('text');
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<FileProblem[]>([]);
  const [missing, setMissing] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [batch, setBatch] = useState<ChatSendBatch | null>(null);
  const accounts = useChatAccountOptions(open);
  const budget = accounts.data?.find((a) => a.id === accountId)?.budget;

  useEffect(() => {
    if (!open) return;
    setKind('text');
    setContent('');
    setFiles([]);
    setProblems([]);
    setMissing(null);
    setSendError(null);
    setBatch(null);
  }, [open]);

  const problemText = (p: FileProblem) =>
    p.kind === 'badName'
      ? t('send.badName', { name: p.name, chars: p.chars.map(showChar).join(' ') })
      : p.kind === 'tooLarge'
        ? t('send.tooLarge', { name: p.name })
        : p.kind === 'empty'
          ? t('send.empty', { name: p.name })
          : t('send.tooMany', { name: p.name, max: CHAT_FILES_MAX });

  // antd calls this once per picked file; the whole pick is checked at its first file, in order.
  const pick = (file: File, picked: File[]) => {
    if (file === picked[0]) {
      const next = addFiles(files, picked);
      setFiles(next.files);
      setProblems(next.problems);
      setMissing(null);
    }
    return Upload.LIST_IGNORE;
  };

  const send = async () => {
    setSendError(null);
    if (!accountId || recipients.length === 0) return setMissing(t('send.noRecipients'));
    if (kind === 'text' && !content.trim()) return setMissing(t('send.textRequired'));
    if (kind === 'file' && files.length === 0) return setMissing(t('send.fileRequired'));
    setBusy(true);
    try {
      const ids = recipients.map((r) => r.id);
      setBatch(
        kind === 'text'
          ? await chatMessageApi.sendText({ accountId, contactIds: ids, content: content.trim() })
          : await chatMessageApi.sendFile(accountId, ids, files),
      );
    } catch (err) {
      setSendError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const names = recipients.slice(0, 5).map((r) => r.nickname);
  const footer = batch ? (
    <Button type="primary" onClick={onClose} data-testid="send-close">
      {t('send.close')}
    </Button>
  ) : (
    <>
      <Button onClick={onClose}>{t('crud:cancel')}</Button>
      <Button type="primary" loading={busy} onClick={() => void send()} data-testid="send-submit">
        {t('send.submit')}
      </Button>
    </>
  );

  return (
    <Modal
      open={open}
      title={t('send.title', { count: recipients.length })}
      onCancel={onClose}
      footer={footer}
      width={640}
      destroyOnHidden
      maskClosable={false}
    >
      <div data-testid="send-dialog">
        {batch ? (
          <BatchResults first={batch} />
        ) : (
          <Form layout="vertical">
            <Form.Item label={t('send.recipients')}>
              <Typography.Text data-testid="send-recipients">
                {recipients.length === 0
                  ? t('send.noRecipients')
                  : recipients.length > names.length
                    ? t('send.recipientMore', { names: names.join(', '), more: recipients.length - names.length })
                    : names.join(', ')}
              </Typography.Text>
              {budget && (
                <div>
                  <SendBudgetLine budget={budget} testId="send-budget" />
                </div>
              )}
              {budget && recipients.length > budget.campaignLeft && (
                <Alert
                  type="warning"
                  showIcon
                  title={t('send.overBudget', { count: recipients.length - budget.campaignLeft })}
                  data-testid="send-over-budget"
                />
              )}
            </Form.Item>
            <Form.Item label={t('fields.messageType')}>
              <Radio.Group
                value={kind}
                onChange={(e) => {
                  setKind(e.target.value);
                  setMissing(null);
                }}
                optionType="button"
                options={[
                  { value: 'text', label: t('send.text') },
                  { value: 'file', label: t('send.file') },
                ]}
                data-testid="send-kind"
              />
            </Form.Item>
            {kind === 'text' ? (
              <Form.Item label={t('send.content')} required>
                <Input.TextArea
                  value={content}
                  onChange={(e) => {
                    setContent(e.target.value);
                    setMissing(null);
                  }}
                  maxLength={CHAT_TEXT_MAX}
                  showCount
                  autoSize={{ minRows: 4, maxRows: 10 }}
                  placeholder={t('send.contentPlaceholder')}
                  data-testid="send-content"
                />
              </Form.Item>
            ) : (
              <Form.Item label={t('send.files')} required extra={t('send.fileRules')}>
                <Upload.Dragger multiple beforeUpload={pick} showUploadList={false} data-testid="send-files">
                  <p className="ant-upload-drag-icon">
                    <InboxOutlined />
                  </p>
                  <p className="ant-upload-text">{t('send.filePick')}</p>
                </Upload.Dragger>
                {files.length > 0 && (
                  <List
                    size="small"
                    className="chat-send-files"
                    dataSource={files}
                    renderItem={(file) => (
                      <List.Item
                        actions={[
                          <Button
                            key="remove"
                            type="text"
                            size="small"
                            icon={<DeleteOutlined />}
                            aria-label={t('send.removeFile', { name: file.name })}
                            onClick={() => setFiles(files.filter((f) => f !== file))}
                          />,
                        ]}
                        data-testid="send-file"
                      >
                        <PaperClipOutlined /> {file.name}{' '}
                        <Typography.Text type="secondary">
                          {Math.max(1, Math.round(file.size / 1024))} KB
                        </Typography.Text>
                      </List.Item>
                    )}
                  />
                )}
              </Form.Item>
            )}
            {problems.map((p) => (
              <Alert
                key={`${p.kind}:${p.name}`}
                type="error"
                showIcon
                role="alert"
                className="chat-send-problem"
                title={problemText(p)}
                data-testid="send-file-error"
              />
            ))}
            {missing && <Alert type="error" showIcon role="alert" title={missing} data-testid="send-missing" />}
            {sendError && <Alert type="error" showIcon role="alert" title={sendError} data-testid="send-error" />}
          </Form>
        )}
      </div>
    </Modal>
  );
}
