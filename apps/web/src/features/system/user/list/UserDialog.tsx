import { type AdminUser, USER_GENDERS, type UserCreate } from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePostOptions } from '../../../../platform/resources/system-post';
import { useRoleOptions } from '../../../../platform/resources/system-role';
import { type EditDialogProps, FormDialog, RemarkField, RequiredItem, StatusField } from '../../../../ui/crud';
import { newPasswordRule } from '../../../../ui/form/password-rule';
import { CustomerTreeSelect } from '../../../../ui/pickers/CustomerTreeSelect';
import { userAdminApi, useUserMutation } from '../user.api';

interface Props extends EditDialogProps<AdminUser> {
  /** Customer preselected for a new user (the one picked in the tree). */
  customerId?: number;
}

type Values = UserCreate;

/** Create or edit a user, with their roles and posts; the username is fixed once created. */
export function UserDialog({ open, editing: user, customerId, onClose }: Props) {
  const { t } = useTranslation(['system-user', 'crud']);
  const [form] = Form.useForm<Values>();
  const picked = Form.useWatch('customerId', form);
  const roles = useRoleOptions(open);
  const posts = usePostOptions(picked, open);
  const detail = useQuery({
    queryKey: ['system', 'user', 'detail', user?.id],
    queryFn: () => userAdminApi.detail(user?.id ?? 0),
    enabled: open && !!user,
    staleTime: 0,
  });
  const save = useUserMutation((v: Values) => {
    if (!user) return userAdminApi.save(v);
    const { username: _u, password: _p, ...rest } = v;
    return userAdminApi.update(user.id, rest);
  });
  const initial = useMemo<Partial<Values> | undefined>(() => {
    if (!user)
      return { gender: 'unknown', enabled: true, roleIds: [], postIds: [], ...(customerId ? { customerId } : {}) };
    const d = detail.data;
    if (!d) return undefined;
    return {
      customerId: d.customerId,
      username: d.username,
      nickName: d.nickName,
      phone: d.phone ?? '',
      email: d.email ?? '',
      gender: d.gender,
      enabled: d.enabled,
      remark: d.remark ?? '',
      roleIds: d.roleIds,
      postIds: d.postIds,
    };
  }, [user, customerId, detail.data]);
  const roleOptions = (roles.data ?? [])
    .filter((r) => r.customerId === null || r.customerId === picked)
    .map((r) => ({ value: r.id, label: r.name }));
  return (
    <FormDialog<Values>
      open={open && !!initial}
      title={user ? t('editTitle') : t('createTitle')}
      form={form}
      {...(initial ? { initialValues: initial } : {})}
      onSubmit={(v) => save.mutateAsync(v)}
      onClose={onClose}
      width={720}
      testId="user-dialog"
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="customerId"
            label={t('fields.customer')}
            rules={[{ required: true, message: t('crud:required') }]}
          >
            <CustomerTreeSelect
              data-testid="user-customer"
              onChange={() => form.setFieldsValue({ postIds: [], roleIds: [] })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <RequiredItem name="nickName" label={t('fields.nickName')}>
            <Input maxLength={64} data-testid="user-nickName" />
          </RequiredItem>
        </Col>
        <Col xs={24} sm={12}>
          <RequiredItem
            name="username"
            label={t('fields.username')}
            rules={[{ pattern: /^[A-Za-z0-9_.@-]{3,32}$/, message: t('usernameFormat') }]}
          >
            <Input maxLength={32} disabled={!!user} autoComplete="off" data-testid="user-username" />
          </RequiredItem>
        </Col>
        {!user && (
          <Col xs={24} sm={12}>
            <RequiredItem
              name="password"
              label={t('fields.password')}
              dependencies={['username']}
              rules={[
                newPasswordRule(() => form.getFieldValue('username'), {
                  tooShort: t('passwordLength'),
                  containsUsername: t('passwordHasUsername'),
                  weakPassword: t('passwordCommon'),
                }),
              ]}
            >
              <Input.Password maxLength={128} autoComplete="new-password" data-testid="user-password" />
            </RequiredItem>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item
            name="phone"
            label={t('fields.phone')}
            rules={[{ pattern: /^\+?[0-9 -]{5,20}$/, message: t('phoneFormat') }]}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="email"
            label={t('fields.email')}
            rules={[{ type: 'email', message: t('crud:invalidEmail') }]}
          >
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="gender" label={t('fields.gender')}>
            <Select options={USER_GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <StatusField />
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="roleIds" label={t('fields.roles')}>
            <Select
              mode="multiple"
              options={roleOptions}
              loading={roles.isLoading}
              optionFilterProp="label"
              data-testid="user-roles"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="postIds" label={t('fields.posts')}>
            <Select
              mode="multiple"
              options={(posts.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              loading={posts.isLoading}
              optionFilterProp="label"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <RemarkField rows={2} />
        </Col>
      </Row>
    </FormDialog>
  );
}
