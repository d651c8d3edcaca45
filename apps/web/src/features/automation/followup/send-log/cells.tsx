import { DICT_TYPES } from '@agent-console/contracts';
import { Typography } from 'antd';
import { DictTag } from '../../../../ui/dict/DictTag';

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

/**
 * What a step sends: its text, or the name of its file or image marked with its type from the
 * `welcome_message_type` dictionary.
 */
export function MessagePreview({ type, preview }: { type: string; preview: string }) {
  return (
    <Typography.Paragraph className="followup-preview" ellipsis={{ rows: 2, tooltip: preview }}>
      {type !== 'text' && <DictTag dict={DICT_TYPES.welcomeMessageType} value={type} />}
      {preview}
    </Typography.Paragraph>
  );
}
