import {
  DICT_TYPES,
  FOLLOWUP_LIMITS,
  FOLLOWUP_TRIGGERS,
  type FollowupStrategy,
  type FollowupTrigger,
  followupStrategySaveSchema,
} from '@agent-console/contracts';
import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppOptions } from '../../../../platform/resources/app-info';
import { followupApi, useFollowupMutation } from '../../../../platform/resources/followup';
import { useDict } from '../../../../platform/stores/dict-store';
import { useSessionStore } from '../../../../platform/stores/session-store';
import { type EditDialogProps, FormDialog, StatusField } from '../../../../ui/crud';
import { withoutUpload } from '../../../../ui/message-list/message-rows';
import { CustomerTimeZoneNote } from '../../../../ui/pickers/CustomerTimeZone';
import { CustomerTreeSelect } from '../../../../ui/pickers/CustomerTreeSelect';
import { TimeOfDayPicker } from '../../../../ui/pickers/TimeOfDayPicker';
import { contractCheck } from '../contract-check';
import { StepsField } from './StepsField';
import {
  defaultTriggerValue,
  newStrategy,
  type StepRow,
  type StrategyValues,
  toSave,
  triggerRange,
  valuesFrom,
} from './strategy-form';

/**
 * A strategy's dialog: whose it is, what starts it, whom it reaches, its steps, how often and when
 * not. The browser checks the values with the save contract before sending them.
 */
export function StrategyDialog({ editing, ...dialog }: EditDialogProps<FollowupStrategy>) {
  const { t } = useTranslation(['followup', 'crud']);
  const [form] = Form.useForm<StrategyValues>();
  const triggers = useDict(DICT_TYPES.followupTrigger);
  const ownCustomer = useSessionStore((s) => s.user?.customer.id);
  const customerId = Form.useWatch('customerId', form);
  const triggerType = (Form.useWatch('triggerType', form) ?? 'noReply') as FollowupTrigger;
  // A cap below the number of steps is allowed (a long sequence, sent to few), but never unnoticed.
  const stepCount = (Form.useWatch('steps', form) as unknown[] | undefined)?.length ?? 0;
  const maxSends = Form.useWatch('maxSendsPerContact', form) as number | null | undefined;
  const capped = typeof maxSends === 'number' && maxSends < stepCount;
  const apps = useAppOptions(customerId, dialog.open && !!customerId);
  const save = useFollowupMutation((v: StrategyValues) =>
    editing ? followupApi.updateStrategy(editing.id, toSave(v)) : followupApi.saveStrategy(toSave(v)),
  );
  const range = triggerRange(triggerType);
  const required = { required: true, message: t('crud:required') };

  // Another customer: its apps differ, and uploads belong to the customer they were made for.
  const customerChanged = () =>
    form.setFieldsValue({
      appId: null,
      steps: ((form.getFieldValue('steps') ?? []) as StepRow[]).map((row) => withoutUpload(row)),
    });

  return (
    <FormDialog<StrategyValues>
      {...dialog}
      form={form}
      width={760}
      title={editing ? t('strategy.editTitle') : t('strategy.createTitle')}
      initialValues={editing ? valuesFrom(editing) : newStrategy(ownCustomer)}
      check={(v) => contractCheck(followupStrategySaveSchema, toSave(v))}
      onSubmit={(v) => save.mutateAsync(v)}
      testId="strategy-dialog"
    >
      <div className="followup-form-row">
        <Form.Item name="customerId" label={t('fields.customer')} rules={[required]}>
          <CustomerTreeSelect allowClear={false} onChange={customerChanged} data-testid="strategy-customer" />
        </Form.Item>
        <Form.Item name="appId" label={t('fields.app')} extra={t('strategy.appHint')}>
          <Select<number>
            allowClear
            disabled={!customerId}
            loading={apps.isLoading}
            placeholder={t('strategy.anyApp')}
            options={(apps.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.code})` }))}
            data-testid="strategy-app"
          />
        </Form.Item>
      </div>
      <Form.Item name="name" label={t('fields.name')} rules={[{ ...required, whitespace: true }]}>
        <Input maxLength={FOLLOWUP_LIMITS.nameMax} data-testid="strategy-name" />
      </Form.Item>
      <div className="followup-form-row">
        <Form.Item name="triggerType" label={t('fields.trigger')} rules={[required]}>
          <Select<FollowupTrigger>
            onChange={(next) => form.setFieldsValue({ triggerValue: defaultTriggerValue(next) })}
            options={triggers.optionsOf(FOLLOWUP_TRIGGERS)}
            data-testid="strategy-trigger"
          />
        </Form.Item>
        {range ? (
          <Form.Item
            name="triggerValue"
            label={t(`triggerValue.${triggerType}`)}
            extra={t('strategy.range', { min: range.min, max: range.max, unit: t(`units.${range.unit}`) })}
            rules={[required]}
          >
            <InputNumber<number>
              min={range.min}
              max={range.max}
              precision={0}
              suffix={t(`units.${range.unit}`)}
              style={{ width: '100%' }}
              data-testid="strategy-trigger-value"
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="triggerLabel"
            label={t('fields.triggerLabel')}
            rules={[{ ...required, whitespace: true }]}
            extra={t('strategy.labelHint')}
          >
            <Input maxLength={FOLLOWUP_LIMITS.labelMax} data-testid="strategy-trigger-label" />
          </Form.Item>
        )}
      </div>
      <Form.Item name="audienceLabels" label={t('fields.audienceLabels')} extra={t('strategy.audienceHint')}>
        <Select<string[]>
          mode="tags"
          open={false}
          maxCount={FOLLOWUP_LIMITS.audienceLabelsMax}
          tokenSeparators={[',', '，']}
          placeholder={t('strategy.audiencePlaceholder')}
          suffixIcon={null}
          data-testid="strategy-audience"
        />
      </Form.Item>
      <Form.Item name="steps" label={t('fields.steps')} extra={t('strategy.stepsHint')} required>
        <StepsField customerId={customerId} />
      </Form.Item>
      <Form.Item
        name="maxSendsPerContact"
        label={t('fields.maxSendsPerContact')}
        extra={
          <>
            {t('strategy.maxSendsHint', FOLLOWUP_LIMITS.maxSendsPerContact)}
            {capped && (
              <Typography.Text type="warning" className="followup-cap-warning" data-testid="strategy-cap-warning">
                {t('strategy.capBelowSteps', { count: maxSends, steps: stepCount })}
              </Typography.Text>
            )}
          </>
        }
        rules={[required]}
      >
        <InputNumber<number>
          min={FOLLOWUP_LIMITS.maxSendsPerContact.min}
          max={FOLLOWUP_LIMITS.maxSendsPerContact.max}
          precision={0}
          data-testid="strategy-max-sends"
        />
      </Form.Item>
      <Typography.Text strong>{t('fields.quietHours')}</Typography.Text>
      <Typography.Paragraph type="secondary" className="followup-form-note">
        {t('strategy.quietHint')} <CustomerTimeZoneNote customerId={customerId} />
      </Typography.Paragraph>
      <div className="followup-form-row">
        <Form.Item name="quietStart" label={t('fields.quietStart')}>
          <TimeOfDayPicker allowClear data-testid="strategy-quiet-start" />
        </Form.Item>
        <Form.Item name="quietEnd" label={t('fields.quietEnd')}>
          <TimeOfDayPicker allowClear data-testid="strategy-quiet-end" />
        </Form.Item>
      </div>
      <StatusField testId="strategy-enabled" />
    </FormDialog>
  );
}
