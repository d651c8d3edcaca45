import {
  isMailFailureData,
  type Language,
  MAIL_ADDRESS_MAX,
  type MailTest,
  type MailTestResult,
  mailFailureText,
} from '@agent-console/contracts';
import { Alert, Button, Form, type FormInstance, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/api/client';
import { feedback } from '../../../platform/api/feedback';
import { useSessionStore } from '../../../platform/stores/session-store';
import { RequiredItem } from '../../../ui/crud';
import { applyServerErrors } from '../../../ui/form/server-errors';
import type { MailFormValues } from './MailSettingsForm';
import { useTestMail } from './mail.api';

/**
 * What failed, in the screen's language: the category the server named (never what the other
 * side said, which the server keeps to its log), first letter up as it starts the text here.
 */
function failureSentence(err: unknown, lang: Language): string | null {
  if (!(err instanceof ApiError) || !isMailFailureData(err.data)) return null;
  const text = mailFailureText(err.data.failure, lang, err.data.smtpCode);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * "Send test mail": a recipient (the signed-in user's email to begin with) and the outcome in
 * place: the message id the server got, or what failed (refused, timed out, not SMTP, TLS,
 * authentication…). With the edit permission the mail goes through the settings in the form,
 * saved or not; otherwise through the saved ones.
 */
export function TestMailPanel({
  settingsForm,
  useForm,
}: {
  settingsForm: FormInstance<MailFormValues>;
  useForm: boolean;
}) {
  const { t, i18n } = useTranslation('mail');
  const email = useSessionStore((s) => s.user?.email);
  const send = useTestMail();
  const [form] = Form.useForm<{ to: string }>();
  const [outcome, setOutcome] = useState<{ ok: MailTestResult } | { error: string } | null>(null);

  const submit = async ({ to }: { to: string }) => {
    setOutcome(null);
    let body: MailTest = { to };
    if (useForm) {
      try {
        const values = await settingsForm.validateFields();
        body = { ...values, port: values.port ?? null, to };
      } catch {
        feedback.warning(t('errors:formInvalid'));
        return;
      }
    }
    try {
      setOutcome({ ok: await send.mutateAsync(body) });
    } catch (err) {
      // A field error goes under its field (the recipient here, a setting in the form above);
      // anything else, such as what failed on the way to the SMTP server, is shown here.
      const own = applyServerErrors(form, err);
      if (own === null) return;
      const rest = useForm ? applyServerErrors(settingsForm, err) : own;
      if (rest) setOutcome({ error: failureSentence(err, i18n.language as Language) ?? rest });
    }
  };

  return (
    <Form<{ to: string }>
      form={form}
      layout="vertical"
      className="setting-form"
      data-testid="mail-test-form"
      initialValues={{ to: email ?? '' }}
      onFinish={submit}
    >
      <Typography.Paragraph type="secondary">{useForm ? t('test.usesForm') : t('test.usesSaved')}</Typography.Paragraph>
      <RequiredItem
        name="to"
        label={t('test.to')}
        message={t('test.toRequired')}
        rules={[{ type: 'email', message: t('fields.emailInvalid') }]}
      >
        <Input maxLength={MAIL_ADDRESS_MAX} placeholder="someone@example.com" />
      </RequiredItem>
      <Button htmlType="submit" loading={send.isPending} data-testid="mail-test-send">
        {t('test.send')}
      </Button>
      {outcome && (
        <Alert
          showIcon
          style={{ marginTop: 16 }}
          {...('ok' in outcome
            ? {
                type: 'success',
                'data-testid': 'mail-test-success',
                message: t('test.sent', { to: outcome.ok.to }),
                description: (
                  <span>
                    {t('test.messageId')}{' '}
                    <Typography.Text code copyable>
                      {outcome.ok.messageId}
                    </Typography.Text>
                  </span>
                ),
              }
            : {
                type: 'error',
                'data-testid': 'mail-test-error',
                message: t('test.failed'),
                description: outcome.error,
              })}
        />
      )}
    </Form>
  );
}
