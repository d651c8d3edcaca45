import { type Dept, type DeptSave, REPLY_RESERVE_DEFAULT, REPLY_RESERVE_MAX } from '@agent-console/contracts';
import { Form, Input, InputNumber, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deptApi, useDeptMutation } from '../../../platform/resources/system-dept';
import { useRoleOptions } from '../../../platform/resources/system-role';
import { FormDialog, RequiredItem, SortField, StatusField } from '../../../ui/crud';
import { CustomerTreeSelect } from '../../../ui/pickers/CustomerTreeSelect';

interface Props {
  open: boolean;
  /** The customer being edited; null for a new one. */
  dept: Dept | null;
  /** Parent preselected for a new customer. */
  parentId?: number;
  /** Whether the caller may list roles (for the default role picker). */
  canPickRole: boolean;
  onClose(): void;
}

/** The IANA zones this browser knows; the server checks the name again. */
const TIME_ZONES = Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone }));

export function DeptDialog({ open, dept, parentId, canPickRole, onClose }: Props) {
  const { t } = useTranslation(['system-dept', 'crud']);
  const [form] = Form.useForm<DeptSave>();
  const roles = useRoleOptions(open && canPickRole);
  const save = useDeptMutation((v: DeptSave) => (dept ? deptApi.update(dept.id, v) : deptApi.save(v)));
  const isRoot = !!dept && dept.parentId === null;
  const initial = useMemo<Partial<DeptSave>>(
    () =>
      dept
        ? {
            parentId: dept.parentId,
            name: dept.name,
            sort: dept.sort,
            leader: dept.leader ?? '',
            phone: dept.phone ?? '',
            email: dept.email ?? '',
            enabled: dept.enabled,
            defaultRoleId: dept.defaultRoleId,
            timeZone: dept.timeZone,
            replyReservePercent: dept.replyReservePercent,
          }
        : { sort: 0, enabled: true, replyReservePercent: REPLY_RESERVE_DEFAULT, ...(parentId ? { parentId } : {}) },
    [dept, parentId],
  );
  const roleOptions = (roles.data ?? [])
    .filter((r) => r.customerId === null || r.customerId === dept?.id)
    .map((r) => ({ value: r.id, label: r.name }));
  return (
    <FormDialog<DeptSave>
      open={open}
      title={dept ? t('editTitle') : t('createTitle')}
      form={form}
      initialValues={initial}
      onSubmit={(v) => save.mutateAsync(v)}
      onClose={onClose}
      testId="dept-dialog"
    >
      {!isRoot && (
        <Form.Item name="parentId" label={t('fields.parent')} rules={[{ required: true, message: t('crud:required') }]}>
          <CustomerTreeSelect excludeIds={dept ? [dept.id] : []} data-testid="dept-parent" />
        </Form.Item>
      )}
      <RequiredItem name="name" label={t('fields.name')}>
        <Input maxLength={64} data-testid="dept-name" />
      </RequiredItem>
      <SortField />
      <Form.Item name="leader" label={t('fields.leader')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="phone" label={t('fields.phone')}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="email" label={t('fields.email')} rules={[{ type: 'email', message: t('crud:invalidEmail') }]}>
        <Input maxLength={128} />
      </Form.Item>
      {canPickRole && (
        <Form.Item name="defaultRoleId" label={t('fields.defaultRole')} extra={t('defaultRoleHint')}>
          <Select allowClear options={roleOptions} loading={roles.isLoading} />
        </Form.Item>
      )}
      <Form.Item name="timeZone" label={t('fields.timeZone')} extra={t('timeZoneHint')}>
        <Select
          allowClear
          showSearch
          placeholder={t('timeZoneServer')}
          options={TIME_ZONES}
          data-testid="dept-time-zone"
        />
      </Form.Item>
      <Form.Item name="replyReservePercent" label={t('fields.replyReservePercent')} extra={t('replyReserveHint')}>
        <InputNumber min={0} max={REPLY_RESERVE_MAX} precision={0} addonAfter="%" data-testid="dept-reply-reserve" />
      </Form.Item>
      <StatusField />
    </FormDialog>
  );
}
