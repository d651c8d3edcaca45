import type { Permission, PermissionSave } from '@agent-console/contracts';
import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditDialogProps, FormDialog } from '../../../../ui/crud';
import { permissionApi, usePermissionMutation } from '../permission.api';

interface Props extends EditDialogProps<Permission> {
  menuId: number;
}

const LANGS = ['en', 'zh-chs', 'zh-cht', 'ja'] as const;

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
  const required = { required: true, whitespace: true, message: t('crud:required') };
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
      <Form.Item
        name="permission"
        label={t('fields.code')}
        extra={t('codeHint')}
        rules={[required, { pattern: /^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+){1,3}$/, message: t('codeFormat') }]}
      >
        <Input maxLength={100} placeholder="system:user:import" data-testid="permission-code" />
      </Form.Item>
      <Row gutter={16}>
        {LANGS.map((lng) => (
          <Col span={12} key={lng}>
            <Form.Item name={['titles', lng]} label={t(`fields.title.${lng}`)} rules={lng === 'en' ? [required] : []}>
              <Input maxLength={100} data-testid={`permission-title-${lng}`} />
            </Form.Item>
          </Col>
        ))}
        <Col span={12}>
          <Form.Item name="sort" label={t('crud:sort')}>
            <InputNumber min={0} max={99999} precision={0} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="enabled" label={t('crud:status')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
