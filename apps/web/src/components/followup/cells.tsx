import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A contact as the follow-up lists name it: the nickname, and the chat id under it. */
export function ContactCell({ name, wcId, testId }: { name: string; wcId: string; testId?: string }) {
  return (
    <span className="followup-contact" data-testid={testId}>
      {name || wcId}
      <Typography.Text type="secondary" className="followup-small followup-id">
        {wcId}
      </Typography.Text>
    </span>
  );
}

/** What a step sends: its text, or the name of its file or image (marked as such). */
export function MessagePreview({ type, preview }: { type: string; preview: string }) {
  const { t } = useTranslation('message-list');
  return (
    <Typography.Paragraph className="followup-preview" ellipsis={{ rows: 2, tooltip: preview }}>
      {type !== 'text' && <Tag>{t(`types.${type}`, { defaultValue: type })}</Tag>}
      {preview}
    </Typography.Paragraph>
  );
}
