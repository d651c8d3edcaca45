import { DICT_TYPES, FOLLOWUP_LIMITS, type FollowupRobot, followupRobotSaveSchema } from '@agent-console/contracts';
import { Form, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChatAccountOptions } from '../../../../platform/resources/chat-account';
import { followupApi, useFollowupMutation, useStrategyOptions } from '../../../../platform/resources/followup';
import { useSessionStore } from '../../../../platform/stores/session-store';
import { SendBudgetLine } from '../../../../ui/chat-send/SendBudgetLine';
import { type EditDialogProps, FormDialog, StatusField } from '../../../../ui/crud';
import { DictTag } from '../../../../ui/dict/DictTag';
import { CustomerTimeZoneNote } from '../../../../ui/pickers/CustomerTimeZone';
import { CustomerTreeSelect } from '../../../../ui/pickers/CustomerTreeSelect';
import { TimeOfDayPicker } from '../../../../ui/pickers/TimeOfDayPicker';
import { contractCheck } from '../contract-check';
import { newRobot, type RobotValues, robotValuesFrom, toRobotSave } from './robot-form';

/**
 * A robot's dialog: a messaging account of the chosen customer, the customer's strategies it runs,
 * its daily cap and working hours. The browser checks the values with the save contract first.
 */
export function RobotDialog({ editing, ...dialog }: EditDialogProps<FollowupRobot>) {
  const { t } = useTranslation(['followup', 'crud']);
  const [form] = Form.useForm<RobotValues>();
  const ownCustomer = useSessionStore((s) => s.user?.customer.id);
  const customerId = Form.useWatch('customerId', form);
  const accountId = Form.useWatch('accountId', form);
  const accounts = useChatAccountOptions(dialog.open);
  const strategies = useStrategyOptions(customerId, dialog.open);
  const save = useFollowupMutation((v: RobotValues) =>
    editing ? followupApi.updateRobot(editing.id, toRobotSave(v)) : followupApi.saveRobot(toRobotSave(v)),
  );
  const required = { required: true, message: t('crud:required') };
  const budget = accounts.data?.find((a) => a.id === accountId)?.budget;
  const accountOptions = (accounts.data ?? [])
    .filter((a) => a.customerId === customerId)
    .map((a) => ({
      value: a.id,
      label: a.nickname || a.wcId,
      online: a.loginStatus === 'online',
    }));

  return (
    <FormDialog<RobotValues>
      {...dialog}
      form={form}
      title={editing ? t('robot.editTitle') : t('robot.createTitle')}
      initialValues={editing ? robotValuesFrom(editing) : newRobot(ownCustomer)}
      check={(v) => contractCheck(followupRobotSaveSchema, toRobotSave(v))}
      onSubmit={(v) => save.mutateAsync(v)}
      testId="robot-dialog"
    >
      <Form.Item name="customerId" label={t('fields.customer')} rules={[required]} extra={t('robot.customerHint')}>
        <CustomerTreeSelect
          allowClear={false}
          onChange={() => form.setFieldsValue({ accountId: undefined, strategyIds: [] })}
          data-testid="robot-customer"
        />
      </Form.Item>
      <Form.Item
        name="accountId"
        label={t('fields.account')}
        rules={[required]}
        extra={
          <>
            <div>{t('robot.accountHint')}</div>
            {budget && <SendBudgetLine budget={budget} testId="robot-account-budget" />}
          </>
        }
      >
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          disabled={!customerId}
          loading={accounts.isLoading}
          placeholder={customerId ? t('robot.pickAccount') : t('robot.customerFirst')}
          notFoundContent={accounts.isLoading ? undefined : t('robot.noAccounts')}
          options={accountOptions}
          optionRender={(o) => (
            <span>
              {o.label} <DictTag dict={DICT_TYPES.chatLoginStatus} value={o.data.online ? 'online' : 'offline'} />
            </span>
          )}
          data-testid="robot-account"
        />
      </Form.Item>
      <Form.Item name="strategyIds" label={t('fields.strategies')} rules={[required]}>
        <Select<number[]>
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          disabled={!customerId}
          loading={strategies.isLoading}
          maxCount={FOLLOWUP_LIMITS.robotStrategiesMax}
          notFoundContent={strategies.isLoading ? undefined : t('robot.noStrategies')}
          options={(strategies.data ?? []).map((s) => ({
            value: s.id,
            label: s.enabled ? s.name : `${s.name} (${t('crud:disabled')})`,
          }))}
          data-testid="robot-strategies"
        />
      </Form.Item>
      <Form.Item
        name="dailyCap"
        label={t('fields.dailyCap')}
        rules={[required]}
        extra={t('robot.dailyCapHint', FOLLOWUP_LIMITS.robotDailyCap)}
      >
        <InputNumber<number>
          min={FOLLOWUP_LIMITS.robotDailyCap.min}
          max={FOLLOWUP_LIMITS.robotDailyCap.max}
          precision={0}
          data-testid="robot-daily-cap"
        />
      </Form.Item>
      <Typography.Text strong>{t('fields.workingHours')}</Typography.Text>
      <Typography.Paragraph type="secondary" className="followup-form-note">
        {t('robot.workHint')} <CustomerTimeZoneNote customerId={customerId} />
      </Typography.Paragraph>
      <div className="followup-form-row">
        <Form.Item name="workStart" label={t('fields.workStart')} rules={[required]}>
          <TimeOfDayPicker allowClear={false} data-testid="robot-work-start" />
        </Form.Item>
        <Form.Item name="workEnd" label={t('fields.workEnd')} rules={[required]}>
          <TimeOfDayPicker allowClear={false} data-testid="robot-work-end" />
        </Form.Item>
      </div>
      <StatusField testId="robot-enabled" />
    </FormDialog>
  );
}
