import {
  codePointLength,
  WELCOME_FILE_EXTENSIONS,
  WELCOME_IMAGE_EXTENSIONS,
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
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadGet, uploadFile } from '../../../api/oss';
import { checkPicked, formatSize, type PickProblem, type WelcomeRow } from './access-rows';
import { useImageSource } from './use-image-source';

const FORMATS = {
  file: WELCOME_FILE_EXTENSIONS.map((e) => e.slice(1).toUpperCase()).join(', '),
  image: WELCOME_IMAGE_EXTENSIONS.map((e) => e.slice(1).toUpperCase()).join(', '),
};

interface Props {
  row: WelcomeRow;
  index: number;
  total: number;
  customerId: number;
  canEdit: boolean;
  /** What the last save check found wrong with this row. */
  errors: string[];
  update(fn: (row: WelcomeRow) => WelcomeRow): void;
  /** Moves this row to `to`; the focus goes to the control named by its test id, in the moved row. */
  move(to: number, focus: string): void;
  remove(): void;
  onDragStart(): void;
  onDrop(): void;
}

/** One welcome message: its type, its text or its uploaded file or image, and its place in the list. */
export function WelcomeRowEditor(props: Props) {
  const { row, index, total, canEdit, errors, update } = props;
  const { t } = useTranslation('ai-role');
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const n = index + 1;

  const problemText = (p: PickProblem, type: 'file' | 'image') =>
    p.kind === 'type'
      ? t(type === 'file' ? 'welcome.fileType' : 'welcome.imageType', { name: p.name, formats: FORMATS[type] })
      : p.kind === 'size'
        ? t('welcome.tooLarge', { name: p.name, max: '10 MB' })
        : t('welcome.emptyFile', { name: p.name });

  const pick = async (file: File) => {
    if (row.type === 'text') return;
    const type = row.type;
    const found = checkPicked(file, type);
    if (found) return setProblem(problemText(found, type));
    setProblem(null);
    const localUrl = type === 'image' ? URL.createObjectURL(file) : undefined;
    update((r) => ({
      key: r.key,
      type: r.type,
      text: r.text,
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
      update((r) => ({ key: r.key, type: r.type, text: r.text }));
      setProblem(t('welcome.uploadFailed', { name: file.name, reason: err instanceof Error ? err.message : '' }));
    }
  };

  const changeType = (type: WelcomeMessageType) => {
    setProblem(null);
    // An upload belongs to its type (a file is not an image): another type starts without it.
    update((r) => (r.type === type ? r : { key: r.key, type, text: r.text }));
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
      className={`welcome-row${over ? ' welcome-row-over' : ''}${errors.length ? ' welcome-row-error' : ''}`}
      data-row-key={row.key}
      data-testid="welcome-row"
      {...(canEdit ? dropHandlers : {})}
    >
      <div className="welcome-row-head">
        {canEdit && (
          <button
            type="button"
            className="welcome-row-handle"
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
              if (e.key === 'ArrowUp' && index > 0) props.move(index - 1, 'welcome-drag');
              else if (e.key === 'ArrowDown' && index < total - 1) props.move(index + 1, 'welcome-drag');
              else return;
              e.preventDefault();
            }}
            title={t('welcome.dragHint')}
            aria-label={t('welcome.dragLabel', { n })}
            data-testid="welcome-drag"
          >
            <HolderOutlined />
          </button>
        )}
        <Typography.Text strong className="welcome-row-title">
          {t('welcome.rowTitle', { n })}
        </Typography.Text>
        <Segmented<WelcomeMessageType>
          value={row.type}
          onChange={changeType}
          disabled={!canEdit}
          options={[
            { value: 'text', label: t('welcome.types.text') },
            { value: 'file', label: t('welcome.types.file') },
            { value: 'image', label: t('welcome.types.image') },
          ]}
          data-testid="welcome-type"
        />
        {canEdit && (
          <span className="welcome-row-tools">
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              onClick={() => props.move(index - 1, 'welcome-up')}
              aria-label={t('welcome.moveUp', { n })}
              data-testid="welcome-up"
            />
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={index === total - 1}
              onClick={() => props.move(index + 1, 'welcome-down')}
              aria-label={t('welcome.moveDown', { n })}
              data-testid="welcome-down"
            />
            <Popconfirm
              title={t('welcome.removeConfirm', { n })}
              onConfirm={props.remove}
              disabled={!hasContent}
              okButtonProps={{ danger: true, 'data-testid': 'welcome-remove-ok' } as ButtonProps}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={hasContent ? undefined : props.remove}
                aria-label={t('welcome.remove', { n })}
                data-testid="welcome-remove"
              />
            </Popconfirm>
          </span>
        )}
      </div>
      {row.type === 'text' ? (
        <div className="welcome-row-body">
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
            placeholder={t('welcome.textPlaceholder')}
            aria-label={t('welcome.textLabel', { n })}
            data-testid="welcome-text"
          />
          <Typography.Text type="secondary" className="welcome-row-count" data-testid="welcome-remaining">
            {t('remaining', { count: WELCOME_TEXT_MAX - codePointLength(row.text) })}
          </Typography.Text>
        </div>
      ) : (
        <div className="welcome-row-body welcome-row-upload">
          {row.type === 'image' && (row.localUrl || row.url) && (
            <Thumbnail url={row.url} localUrl={row.localUrl} name={row.fileName ?? ''} />
          )}
          {row.fileName && (
            <span className="welcome-row-file" data-testid="welcome-file">
              {row.type === 'file' && <FileOutlined />}
              {row.url && !row.uploading ? (
                <Typography.Link onClick={() => void downloadGet(row.url as string)}>{row.fileName}</Typography.Link>
              ) : (
                <span>{row.fileName}</span>
              )}
              {row.size !== undefined && <Typography.Text type="secondary">{formatSize(row.size)}</Typography.Text>}
              {row.uploading && <Spin size="small" aria-label={t('welcome.uploading')} />}
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
              <Button icon={<UploadOutlined />} disabled={row.uploading} data-testid="welcome-pick">
                {row.objectId !== undefined
                  ? t('welcome.replace')
                  : t(row.type === 'file' ? 'welcome.pickFile' : 'welcome.pickImage')}
              </Button>
            </Upload>
          )}
          <Typography.Text type="secondary" className="welcome-row-rules">
            {t('welcome.uploadRules', { formats: FORMATS[row.type], max: '10 MB' })}
          </Typography.Text>
        </div>
      )}
      {[...(problem ? [problem] : []), ...errors].map((message) => (
        <div key={message} className="welcome-row-problem" role="alert" data-testid="welcome-row-error">
          {message}
        </div>
      ))}
    </li>
  );
}

function Thumbnail({ url, localUrl, name }: { url?: string; localUrl?: string; name: string }) {
  const { t } = useTranslation('ai-role');
  const image = useImageSource(url, localUrl);
  if (image.failed) return <span className="welcome-thumb welcome-thumb-missing">{t('welcome.noPreview')}</span>;
  if (!image.src) return <Spin className="welcome-thumb" size="small" />;
  return <img className="welcome-thumb" src={image.src} alt={name} data-testid="welcome-thumb" />;
}
