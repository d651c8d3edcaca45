import type { Permission, PermissionSave } from '@agent-console/contracts';
import { Col, Form, Input, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type EditDialogProps,
  FormDialog,
  RequiredItem,
  SortField,
  StatusField,
  TitleFields,
} from '../../../../ui/crud';
import { permissionApi, usePermissionMutation } from '../permission.api';

interface Props extends EditDialogProps<Permission> {
  menuId: number;
}

/** A button permission of one menu: its code and its title in every language. */
export function PermissionDialog({ open, menuId, editing: permission, onClose }: Props) {
  const { t } = useTranslation(['system-permission', 'crud']);
  const [form] = Form.useForm<PermissionSave>();
  const save = usePermissionMutation((v: PermissionSave) =>
    permission ? permissionApi.update(permission.id, v) : permissionApi.save(v),
  );
  const initial = useMemo<Partial<PermissionSave>>(
    () =>
      permission
        ? {
            menuId,
            titles: permission.titles,
            permission: permission.permission,
            sort: permission.sort,
            enabled: permission.enabled,
          }
        : { menuId, sort: 0, enabled: true, titles: { en: '', 'zh-chs': '', 'zh-cht': '', ja: '' } },
    [permission, menuId],
  );
  return (
    <FormDialog<PermissionSave>
      open={open}
      title={permission ? t('editTitle') : t('createTitle')}
      form={form}
      initialValues={initial}
      onSubmit={(v) => save.mutateAsync({ ...v, menuId })}
      onClose={onClose}
      width={640}
      testId="permission-dialog"
    >
      <RequiredItem
        name="permission"
        label={t('fields.code')}
        extra={t('codeHint')}
        rules={[{ pattern: /^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+){1,3}$/, message: t('codeFormat') }]}
      >
        <Input maxLength={100} placeholder="system:user:import" data-testid="permission-code" />
      </RequiredItem>
      <Row gutter={16}>
        <TitleFields label={(lng) => t(`fields.title.${lng}`)} testId="permission-title" />
        <Col xs={24} sm={12}>
          <SortField />
        </Col>
        <Col xs={24} sm={12}>
          <StatusField plain />
        </Col>
      </Row>
    </FormDialog>
  );
}
