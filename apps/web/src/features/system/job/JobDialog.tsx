import {
  JOB_GROUPS,
  type Job,
  type JobInput,
  type Language,
  MISFIRE_POLICIES,
  type MisfirePolicy,
} from '@agent-console/contracts';
import { Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/api/client';
import { jobApi, useJobHandlers, useJobMutation } from '../../../platform/resources/system-job';
import { type EditDialogProps, FormDialog, RemarkField, RequiredItem, StatusField } from '../../../ui/crud';
import { CronPreview } from './CronPreview';

type JobForm = Omit<JobInput, 'params'> & { paramsText: string };

/** Create or edit a job: a registered handler, its JSON parameters and a checked cron schedule. */
export function JobDialog({ editing, ...dialog }: EditDialogProps<Job>) {
  const { t, i18n } = useTranslation(['system-job', 'crud']);
  const lang = i18n.language as Language;
  const [form] = Form.useForm<JobForm>();
  const handlers = useJobHandlers();
  const cron = Form.useWatch('cron', form);
  const save = useJobMutation((values: JobInput) =>
    editing ? jobApi.update(editing.id, values) : jobApi.save(values),
  );
  // Picking a handler offers its example parameters when none were typed yet.
  const onHandler = (name: string) => {
    const example = handlers.data?.find((h) => h.name === name)?.exampleParams;
    const current = (form.getFieldValue('paramsText') as string | undefined)?.trim();
    if (example && (!current || current === '{}')) form.setFieldValue('paramsText', JSON.stringify(example, null, 2));
  };

  const submit = async ({ paramsText, ...values }: JobForm) => {
    const params = JSON.parse(paramsText || '{}') as Record<string, unknown>;
    try {
      await save.mutateAsync({ ...values, params });
    } catch (err) {
      // Parameter errors name `params.<name>`, a field the form does not have: show them under the JSON box.
      if (err instanceof ApiError) {
        const fields = (err.data as { fields?: { field: string }[] } | null)?.fields;
        if (fields?.some((f) => f.field.startsWith('params')))
          form.setFields([{ name: 'paramsText', errors: [err.message] }]);
      }
      throw err;
    }
  };

  return (
    <FormDialog<JobForm>
      {...dialog}
      title={editing ? t('edit') : t('add')}
      form={form}
      initialValues={
        editing
          ? {
              name: editing.name,
              group: editing.group,
              handler: editing.handler,
              paramsText: JSON.stringify(editing.params, null, 2),
              cron: editing.cron,
              misfirePolicy: editing.misfirePolicy,
              concurrent: editing.concurrent,
              enabled: editing.enabled,
              remark: editing.remark,
            }
          : { group: 'default', paramsText: '{}', misfirePolicy: 'default', concurrent: false, enabled: false }
      }
      onSubmit={submit}
      width={640}
      testId="job-dialog"
    >
      <RequiredItem name="name" label={t('fields.name')} message={t('rules.nameRequired')} rules={[{ max: 100 }]}>
        <Input maxLength={100} data-testid="job-name" />
      </RequiredItem>
      <Form.Item name="group" label={t('fields.group')}>
        <Select options={JOB_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))} />
      </Form.Item>
      <Form.Item
        name="handler"
        label={t('fields.handler')}
        rules={[{ required: true, message: t('rules.handlerRequired') }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          loading={handlers.isLoading}
          onChange={onHandler}
          options={(handlers.data ?? []).map((h) => ({
            value: h.name,
            label: `${h.titles[lang] ?? h.titles.en} (${h.name})`,
          }))}
          data-testid="job-handler"
        />
      </Form.Item>
      <Form.Item
        name="paramsText"
        label={t('fields.params')}
        extra={t('paramsHelp')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const parsed: unknown = JSON.parse(value?.trim() || '{}');
              if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
                throw new Error(t('rules.paramsObject'));
            },
            message: t('rules.paramsJson'),
          },
        ]}
      >
        <Input.TextArea rows={3} className="job-params" maxLength={10_000} data-testid="job-params" />
      </Form.Item>
      <RequiredItem
        name="cron"
        label={t('fields.cron')}
        extra={<CronPreview cron={cron} />}
        message={t('rules.cronRequired')}
        rules={[{ max: 120 }]}
      >
        <Input maxLength={120} placeholder="*/5 * * * *" className="job-cron" data-testid="job-cron" />
      </RequiredItem>
      <Form.Item name="misfirePolicy" label={t('fields.misfirePolicy')} tooltip={t('misfireHelp')}>
        <Radio.Group
          optionType="button"
          options={MISFIRE_POLICIES.map((p: MisfirePolicy) => ({ value: p, label: t(`misfire.${p}`) }))}
        />
      </Form.Item>
      <Form.Item name="concurrent" label={t('fields.concurrent')} valuePropName="checked" tooltip={t('concurrentHelp')}>
        <Switch />
      </Form.Item>
      <StatusField testId="job-enabled" />
      <RemarkField />
    </FormDialog>
  );
}
