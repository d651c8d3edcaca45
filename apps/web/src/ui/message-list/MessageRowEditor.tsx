import {
  codePointLength,
  DICT_TYPES,
  WELCOME_FILE_EXTENSIONS,
  WELCOME_IMAGE_EXTENSIONS,
  WELCOME_MESSAGE_TYPES,
  WELCOME_TEXT_MAX,
  WELCOME_UPLOAD_PURPOSE,
  type WelcomeMessageType,
} from '@agent-console/contracts';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  FileOutlined,
  HolderOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, type ButtonProps, Input, Popconfirm, Segmented, Spin, Typography, Upload } from 'antd';
import { type DragEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadGet, uploadFile } from '../../platform/api/oss';
import { useDict } from '../../platform/stores/dict-store';
import type { MessageListWord } from './MessageList';
import { checkPicked, formatSize, type MessageRow, type PickProblem, withoutUpload } from './message-rows';
import { useImageSource } from './use-image-source';

const FORMATS = {
  file: WELCOME_FILE_EXTENSIONS.map((e) => e.slice(1).toUpperCase()).join(', '),
  image: WELCOME_IMAGE_EXTENSIONS.map((e) => e.slice(1).toUpperCase()).join(', '),
};

interface Props<R extends MessageRow> {
  row: R;
  index: number;
  total: number;
  customerId: number | undefined;
  canEdit: boolean;
  /** What the last save check found wrong with this row. */
  errors: string[];
  words(key: MessageListWord, values?: Record<string, unknown>): string;
  extra?: ReactNode;
  testIdPrefix: string;
  update(fn: (row: R) => R): void;
  /** Moves this row to `to`; the focus goes to the control named by its test id, in the moved row. */
  move(to: number, focus: string): void;
  remove(): void;
  onDragStart(): void;
  onDrop(): void;
}

/** One message: its type, its text or its uploaded file or image, and its place in the list. */
export function MessageRowEditor<R extends MessageRow>(props: Props<R>) {
  const { row, index, total, canEdit, errors, update, words, testIdPrefix: p } = props;
  const { t } = useTranslation('message-list');
  const types = useDict(DICT_TYPES.welcomeMessageType);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const n = index + 1;

  const problemText = (found: PickProblem, type: 'file' | 'image') =>
    found.kind === 'type'
      ? t(type === 'file' ? 'fileType' : 'imageType', { name: found.name, formats: FORMATS[type] })
      : found.kind === 'size'
        ? words('tooLarge', { name: found.name, max: '10 MB' })
        : t('emptyFile', { name: found.name });

  const pick = async (file: File) => {
    if (row.type === 'text') return;
    const type = row.type;
    const found = checkPicked(file, type);
    if (found) return setProblem(problemText(found, type));
    setProblem(null);
    const localUrl = type === 'image' ? URL.createObjectURL(file) : undefined;
    update((r) => ({
      ...withoutUpload(r),
      fileName: file.name,
      size: file.size,
      uploading: true,
      ...(localUrl ? { localUrl } : {}),
    }));
    try {
      const stored = await uploadFile(file, WELCOME_UPLOAD_PURPOSE[type], props.customerId, { silent: true });
      update((r) => (r.uploading ? { ...r, uploading: false, objectId: stored.id, size: stored.size } : r));
    } catch (err) {
      if (localUrl) URL.revokeObjectURL(localUrl);
      update((r) => withoutUpload(r));
      setProblem(t('uploadFailed', { name: file.name, reason: err instanceof Error ? err.message : '' }));
    }
  };

  const changeType = (type: WelcomeMessageType) => {
    setProblem(null);
    // An upload belongs to its type (a file is not an image): another type starts without it.
    update((r) => (r.type === type ? r : { ...withoutUpload(r), type }));
  };

  const hasContent = row.type === 'text' ? row.text.trim() !== '' : row.objectId !== undefined;
  const dropHandlers = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      props.onDrop();
    },
  };

  return (
    <li
      className={`message-row${over ? ' message-row-over' : ''}${errors.length ? ' message-row-error' : ''}`}
      data-row-key={row.key}
      data-testid={`${p}-row`}
      {...(canEdit ? dropHandlers : {})}
    >
      <div className="message-row-head">
        {canEdit && (
          <button
            type="button"
            className="message-row-handle"
            draggable
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', row.key);
              const rowElement = e.currentTarget.closest('li');
              if (rowElement) e.dataTransfer.setDragImage(rowElement, 16, 16);
              props.onDragStart();
            }}
            // The handle moves its row with the arrow keys too.
            onKeyDown={(e) => {
              if (e.key === 'ArrowUp' && index > 0) props.move(index - 1, `${p}-drag`);
              else if (e.key === 'ArrowDown' && index < total - 1) props.move(index + 1, `${p}-drag`);
              else return;
              e.preventDefault();
            }}
            title={words('dragHint')}
            aria-label={words('dragLabel', { n })}
            data-testid={`${p}-drag`}
          >
            <HolderOutlined />
          </button>
        )}
        <Typography.Text strong className="message-row-title">
          {words('rowTitle', { n })}
        </Typography.Text>
        <Segmented<WelcomeMessageType>
          value={row.type}
          onChange={changeType}
          disabled={!canEdit}
          options={types.optionsOf(WELCOME_MESSAGE_TYPES).map(({ value, label }) => ({ value, label }))}
          data-testid={`${p}-type`}
        />
        {canEdit && (
          <span className="message-row-tools">
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              onClick={() => props.move(index - 1, `${p}-up`)}
              aria-label={words('moveUp', { n })}
              data-testid={`${p}-up`}
            />
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={index === total - 1}
              onClick={() => props.move(index + 1, `${p}-down`)}
              aria-label={words('moveDown', { n })}
              data-testid={`${p}-down`}
            />
            <Popconfirm
              title={words('removeConfirm', { n })}
              onConfirm={props.remove}
              disabled={!hasContent}
              okButtonProps={{ danger: true, 'data-testid': `${p}-remove-ok` } as ButtonProps}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={hasContent ? undefined : props.remove}
                aria-label={words('remove', { n })}
                data-testid={`${p}-remove`}
              />
            </Popconfirm>
          </span>
        )}
      </div>
      {props.extra}
      {row.type === 'text' ? (
        <div className="message-row-body">
          <Input.TextArea
            value={row.text}
            onChange={(e) => update((r) => ({ ...r, text: e.target.value }))}
            readOnly={!canEdit}
            count={{
              max: WELCOME_TEXT_MAX,
              strategy: codePointLength,
              exceedFormatter: (text, { max }) => Array.from(text).slice(0, max).join(''),
            }}
            autoSize={{ minRows: 2, maxRows: 8 }}
            placeholder={words('textPlaceholder')}
            aria-label={words('textLabel', { n })}
            data-testid={`${p}-text`}
          />
          <Typography.Text type="secondary" className="message-row-count" data-testid={`${p}-remaining`}>
            {t('remaining', { count: WELCOME_TEXT_MAX - codePointLength(row.text) })}
          </Typography.Text>
        </div>
      ) : (
        <div className="message-row-body message-row-upload">
          {row.type === 'image' && (row.localUrl || row.url) && (
            <Thumbnail url={row.url} localUrl={row.localUrl} name={row.fileName ?? ''} testId={`${p}-thumb`} />
          )}
          {row.fileName && (
            <span className="message-row-file" data-testid={`${p}-file`}>
              {row.type === 'file' && <FileOutlined />}
              {row.url && !row.uploading ? (
                <Typography.Link onClick={() => void downloadGet(row.url as string)}>{row.fileName}</Typography.Link>
              ) : (
                <span>{row.fileName}</span>
              )}
              {row.size !== undefined && <Typography.Text type="secondary">{formatSize(row.size)}</Typography.Text>}
              {row.uploading && <Spin size="small" aria-label={t('uploading')} />}
            </span>
          )}
          {canEdit && (
            <Upload
              accept={(row.type === 'file' ? WELCOME_FILE_EXTENSIONS : WELCOME_IMAGE_EXTENSIONS).join(',')}
              showUploadList={false}
              beforeUpload={(file) => {
                void pick(file);
                return Upload.LIST_IGNORE;
              }}
              disabled={row.uploading}
            >
              <Button icon={<UploadOutlined />} disabled={row.uploading} data-testid={`${p}-pick`}>
                {row.objectId !== undefined ? t('replace') : t(row.type === 'file' ? 'pickFile' : 'pickImage')}
              </Button>
            </Upload>
          )}
          <Typography.Text type="secondary" className="message-row-rules">
            {t('uploadRules', { formats: FORMATS[row.type], max: '10 MB' })}
          </Typography.Text>
        </div>
      )}
      {[...(problem ? [problem] : []), ...errors].map((message) => (
        <div key={message} className="message-row-problem" role="alert" data-testid={`${p}-row-error`}>
          {message}
        </div>
      ))}
    </li>
  );
}

function Thumbnail({ url, localUrl, name, testId }: { url?: string; localUrl?: string; name: string; testId: string }) {
  const { t } = useTranslation('message-list');
  const image = useImageSource(url, localUrl);
  if (image.failed) return <span className="message-thumb message-thumb-missing">{t('noPreview')}</span>;
  if (!image.src) return <Spin className="message-thumb" size="small" />;
  return <img className="message-thumb" src={image.src} alt={name} data-testid={testId} />;
}
