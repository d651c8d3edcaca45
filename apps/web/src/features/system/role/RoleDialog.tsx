import { DATA_SCOPES, type Role, type RoleSave } from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { roleApi, useRoleMutation } from '../../../platform/resources/system-role';
import { type EditDialogProps, FormDialog, RemarkField, RequiredItem, SortField, StatusField } from '../../../ui/crud';
import { CustomerTreeSelect } from '../../../ui/pickers/CustomerTreeSelect';

/** Create or edit a role with its data scope; custom scope (2) lists the customers it sees. */
export function RoleDialog({ open, editing: role, onClose }: EditDialogProps<Role>) {
  const { t } = useTranslation(['system-role', 'crud']);
  const [form] = Form.useForm<RoleSave>();
  const detail = useQuery({
    queryKey: ['system', 'role', 'info', role?.id],
    queryFn: () => roleApi.info(role?.id ?? 0),
    enabled: open && !!role,
    staleTime: 0,
  });
  const save = useRoleMutation((v: RoleSave) => (role ? roleApi.update(role.id, v) : roleApi.save(v)));
  const scope = Form.useWatch('dataScope', form);
  const initial = useMemo<Partial<RoleSave> | undefined>(() => {
    if (!role) return { dataScope: 3, sort: 0, enabled: true, customerIds: [] };
    if (!detail.data) return undefined;
    const d = detail.data;
    return {
      name: d.name,
      key: d.key,
      customerId: d.customerId,
      dataScope: d.dataScope as RoleSave['dataScope'],
      customerIds: d.customerIds,
      sort: d.sort,
      enabled: d.enabled,
      remark: d.remark ?? '',
    };
  }, [role, detail.data]);
  return (
    <FormDialog<RoleSave>
      open={open && (!role || !!initial)}
      title={role ? t('editTitle') : t('createTitle')}
      form={form}
      {...(initial ? { initialValues: initial } : {})}
      onSubmit={(v) => save.mutateAsync({ ...v, customerIds: v.dataScope === 2 ? (v.customerIds ?? []) : [] })}
      onClose={onClose}
      testId="role-dialog"
    >
      <RequiredItem name="name" label={t('fields.name')}>
        <Input maxLength={64} data-testid="role-name" />
      </RequiredItem>
      <RequiredItem
        name="key"
        label={t('fields.key')}
        rules={[{ pattern: /^[A-Za-z0-9_.:-]+$/, message: t('keyFormat') }]}
      >
        <Input maxLength={64} disabled={!!role?.builtin} data-testid="role-key" />
      </RequiredItem>
      <Form.Item name="customerId" label={t('fields.customer')} extra={t('customerHint')}>
        <CustomerTreeSelect />
      </Form.Item>
      <Form.Item
        name="dataScope"
        label={t('fields.dataScope')}
        rules={[{ required: true, message: t('crud:required') }]}
      >
        <Select data-testid="role-scope" options={DATA_SCOPES.map((s) => ({ value: s, label: t(`scopes.${s}`) }))} />
      </Form.Item>
      {scope === 2 && (
        <Form.Item
          name="customerIds"
          label={t('fields.customers')}
          rules={[{ required: true, message: t('crud:required') }]}
        >
          <CustomerTreeSelect multiple treeCheckable treeCheckStrictly={false} showCheckedStrategy="SHOW_ALL" />
        </Form.Item>
      )}
      <SortField />
      <StatusField />
      <RemarkField rows={2} />
    </FormDialog>
  );
}
