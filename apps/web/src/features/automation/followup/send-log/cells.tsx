import { DICT_TYPES } from '@agent-console/contracts';
import { Form, type FormInstance, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../../ui/dict/DictTag';
import { CustomerTreeSelect } from '../../../../ui/pickers/CustomerTreeSelect';

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

/** Names shown as tags that wrap (a robot's strategies, a strategy's audience labels). */
export function TagsCell({ names }: { names: string[] }) {
  return (
    <span className="followup-tags">
      {names.map((n) => (
        <Tag key={n}>{n}</Tag>
      ))}
    </span>
  );
}

/** What an empty follow-up list says: that it is empty, and under it how to start. */
export function EmptyNote({ text, hint, testId }: { text: string; hint: string; testId: string }) {
  return (
    <span data-testid={testId}>
      {text}
      <br />
      <Typography.Text type="secondary">{hint}</Typography.Text>
    </span>
  );
}

/**
 * The list's customer filter; picking another customer clears the filter that depends on it
 * (`clears`: the account or app, whose choices are that customer's).
 */
export function CustomerFilter<V extends object>({ form, clears }: { form: FormInstance<V>; clears: keyof V }) {
  const { t } = useTranslation('followup');
  return (
    <Form.Item name="customerId" label={t('fields.customer')}>
      <CustomerTreeSelect
        style={{ width: 200 }}
        onChange={() => form.setFieldsValue({ [clears]: undefined } as Parameters<typeof form.setFieldsValue>[0])}
        data-testid="filter-customer"
      />
    </Form.Item>
  );
}
