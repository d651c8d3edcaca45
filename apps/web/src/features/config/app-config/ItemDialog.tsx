import {
  AGENT_KEY_NAMES,
  AGENT_NAMESPACE,
  type AgentKey,
  type AppItem,
  type AppNamespace,
  type FieldError,
  ITEM_KEY_MAX,
  ITEM_VALUE_MAX,
  secretValueMissing,
} from '@agent-console/contracts';
import { AutoComplete, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EditDialogProps, FormDialog, RemarkField, RequiredItem } from '../../../ui/crud';
import { appConfigApi, useAppConfigMutation } from './app-config.api';

interface Props extends EditDialogProps<AppItem> {
  namespace: AppNamespace;
}

interface Values {
  key: string;
  value?: string;
  comment?: string | null;
  secret: boolean;
}

const PLACEHOLDERS: Record<AppNamespace['format'], string> = {
  properties: 'value',
  json: '{ "enabled": true }',
  yaml: 'servers:\n  - host: example.org',
  text: '',
};

const isAgentKey = (key: unknown): key is AgentKey =>
  typeof key === 'string' && (AGENT_KEY_NAMES as string[]).includes(key);

/**
 * The rule the server applies to a secret item's update, checked before sending so the sentence
 * lands under the value at once: an empty value keeps the stored secret only under its own key
 * and with the flag on.
 */
function secretFaults(editing: AppItem | null, v: Values): FieldError[] {
  const reason = editing && secretValueMissing(editing, { key: v.key ?? '', secret: v.secret, value: v.value ?? '' });
  return reason ? [{ field: 'value', reason }] : [];
}

/**
 * The item dialog (SPEC §2): key, value in an editor fitting the namespace's format (the server's
 * format error lands under it), comment and the secret flag. A secret's stored value never comes
 * back to the screen, so editing one starts empty, and empty keeps it, under the same key only.
 */
export function ItemDialog({ namespace, editing, ...dialog }: Props) {
  const { t } = useTranslation(['appConfig', 'crud']);
  const [form] = Form.useForm<Values>();
  const key = Form.useWatch('key', form);
  const secret = Form.useWatch('secret', form) ?? false;
  const agent = namespace.name === AGENT_NAMESPACE;
  const save = useAppConfigMutation((v: Values) => {
    const body = { key: v.key, value: v.value ?? '', comment: v.comment ?? null, secret: v.secret };
    return editing
      ? appConfigApi.updateItem(editing.id, body)
      : appConfigApi.saveItem({ ...body, namespaceId: namespace.id });
  });
  const keptSecret = !!editing?.secret && editing.hasValue && secret;
  const oneLine = namespace.format === 'properties';
  const valueHint =
    agent && isAgentKey(key)
      ? t('item.agentRule', { rule: t(`agentRules.${key}`) })
      : t(`formatHints.${namespace.format}`);
  const valueProps = {
    maxLength: ITEM_VALUE_MAX,
    // Empty keeps the secret only under its own key (secretFaults): say so only while that holds.
    placeholder:
      keptSecret && (key ?? '').trim() === editing?.key ? t('item.secretKept') : PLACEHOLDERS[namespace.format],
    autoComplete: 'off',
    spellCheck: false,
    className: 'app-config-editor',
    'data-testid': 'item-value',
  };

  return (
    <FormDialog<Values>
      {...dialog}
      form={form}
      width={640}
      title={editing ? t('item.editTitle', { key: editing.key }) : t('item.createTitle', { name: namespace.name })}
      initialValues={
        editing
          ? {
              key: editing.key,
              value: editing.secret ? '' : editing.value,
              comment: editing.comment ?? '',
              secret: editing.secret,
            }
          : { secret: false }
      }
      check={(v) => secretFaults(editing, v)}
      onSubmit={(v) => save.mutateAsync(v)}
      testId="item-dialog"
    >
      <RequiredItem
        name="key"
        label={t('fields.key')}
        extra={agent && isAgentKey(key) ? t(`agentKeys.${key}`) : undefined}
      >
        {agent ? (
          <AutoComplete
            options={AGENT_KEY_NAMES.map((k) => ({ value: k }))}
            showSearch={{
              filterOption: (input, option) => String(option?.value).toLowerCase().includes(input.toLowerCase()),
            }}
          >
            <Input maxLength={ITEM_KEY_MAX} data-testid="item-key" />
          </AutoComplete>
        ) : (
          <Input maxLength={ITEM_KEY_MAX} data-testid="item-key" />
        )}
      </RequiredItem>
      <Form.Item
        name="value"
        label={`${t('fields.value')} · ${t(`formats.${namespace.format}`)}`}
        extra={
          keptSecret ? (
            <>
              {valueHint}
              <br />
              <span data-testid="item-secret-key-change">{t('item.secretKeyChange')}</span>
            </>
          ) : (
            valueHint
          )
        }
      >
        {secret && oneLine ? (
          <Input.Password {...valueProps} autoComplete="new-password" />
        ) : (
          <Input.TextArea {...valueProps} rows={oneLine ? 2 : 8} showCount />
        )}
      </Form.Item>
      <Form.Item
        name="secret"
        valuePropName="checked"
        extra={
          // A secret is never what the agent reads (what it reads it may say): say so where it matters.
          agent && isAgentKey(key) && secret ? (
            <>
              {t('item.secretHint')}
              <br />
              <span data-testid="item-secret-not-for-agent">{t('item.secretNotForAgent')}</span>
            </>
          ) : (
            t('item.secretHint')
          )
        }
      >
        <Checkbox data-testid="item-secret">{t('fields.secret')}</Checkbox>
      </Form.Item>
      <RemarkField name="comment" label={t('fields.comment')} rows={2} testId="item-comment" />
    </FormDialog>
  );
}
