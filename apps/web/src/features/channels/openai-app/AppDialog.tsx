import {
  APP_CODE_PATTERN,
  APP_ORIGIN_PATTERN,
  APP_ORIGINS_MAX,
  APP_PORT_MAX,
  APP_PORT_MIN,
  type App,
  type AppCreated,
  type AppSave,
  normaliseOrigin,
} from '@agent-console/contracts';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appInfoApi, useAppMutation } from '../../../platform/resources/app-info';
import { useSessionStore } from '../../../platform/stores/session-store';
import { type EditDialogProps, FormDialog, RemarkField, RequiredItem } from '../../../ui/crud';
import { CustomerTreeSelect } from '../../../ui/pickers/CustomerTreeSelect';

interface Props extends EditDialogProps<App> {
  /** A new app was saved: its key is shown once. */
  onCreated(app: AppCreated): void;
}

/** A listener is open, or about to open or close: its port cannot change (docs/decisions.md). */
const portLocked = (app: App | null) => !!app && ['starting', 'running', 'stopping'].includes(app.status);

export function AppDialog({ editing: app, onCreated, ...dialog }: Props) {
  const { t } = useTranslation(['app', 'crud']);
  const [form] = Form.useForm<AppSave>();
  const [finding, setFinding] = useState(false);
  const save = useAppMutation(async (v: AppSave) => {
    if (app) return appInfoApi.update(app.id, v);
    const created = await appInfoApi.save(v);
    onCreated(created);
    return created;
  });
  const locked = portLocked(app);
  // A new app belongs to the caller's own customer unless they pick another.
  const ownCustomer = useSessionStore((s) => s.user?.customer.id);

  const getPort = async () => {
    setFinding(true);
    try {
      const { port } = await appInfoApi.port();
      form.setFieldsValue({ port });
      await form.validateFields(['port']).catch(() => undefined);
    } finally {
      setFinding(false);
    }
  };

  return (
    <FormDialog<AppSave>
      {...dialog}
      form={form}
      title={app ? t('editTitle') : t('createTitle')}
      initialValues={
        app
          ? {
              customerId: app.customerId,
              name: app.name,
              code: app.code,
              port: app.port,
              description: app.description ?? '',
              allowedOrigins: app.allowedOrigins,
            }
          : ownCustomer
            ? { customerId: ownCustomer }
            : {}
      }
      onSubmit={(v) => save.mutateAsync(v)}
      testId="app-dialog"
    >
      <Form.Item
        name="customerId"
        label={t('fields.customer')}
        rules={[{ required: true, message: t('crud:required') }]}
      >
        <CustomerTreeSelect placeholder={t('fields.customer')} data-testid="app-customer" />
      </Form.Item>
      <RequiredItem name="name" label={t('fields.name')}>
        <Input maxLength={64} data-testid="app-name" />
      </RequiredItem>
      <RequiredItem
        name="code"
        label={t('fields.code')}
        extra={t('codeHint')}
        rules={[{ pattern: APP_CODE_PATTERN, message: t('codeFormat') }]}
      >
        <Input maxLength={64} data-testid="app-code" />
      </RequiredItem>
      <Form.Item label={t('fields.port')} required extra={locked ? t('portLocked') : t('portHint')}>
        <Space.Compact>
          <Form.Item
            name="port"
            noStyle
            rules={[
              { required: true, message: t('crud:required') },
              { type: 'number', min: APP_PORT_MIN, max: APP_PORT_MAX, message: t('portRange') },
            ]}
          >
            <InputNumber
              min={APP_PORT_MIN}
              max={APP_PORT_MAX}
              precision={0}
              disabled={locked}
              style={{ width: 160 }}
              data-testid="app-port"
            />
          </Form.Item>
          <Button onClick={getPort} loading={finding} disabled={locked} data-testid="app-get-port">
            {t('getPort')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <RemarkField name="description" label={t('fields.description')} testId="app-description" />
      <Form.Item
        name="allowedOrigins"
        label={t('fields.allowedOrigins')}
        extra={t('originsHint')}
        normalize={(values: string[] | undefined) => [...new Set((values ?? []).map(normaliseOrigin).filter(Boolean))]}
        rules={[
          {
            validator: async (_, values: string[] | undefined) => {
              if ((values ?? []).some((origin) => !APP_ORIGIN_PATTERN.test(origin))) throw new Error(t('originFormat'));
              if ((values ?? []).length > APP_ORIGINS_MAX) throw new Error(t('crud:tooMany', { max: APP_ORIGINS_MAX }));
            },
          },
        ]}
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ']}
          placeholder={t('originsPlaceholder')}
          aria-label={t('fields.allowedOrigins')}
          data-testid="app-origins"
        />
      </Form.Item>
    </FormDialog>
  );
}
