import {
  type Language,
  MENU_TYPES,
  type Menu,
  type MenuNode,
  type MenuSave,
  PERMISSION_CODE_PATTERN,
} from '@agent-console/contracts';
import { Col, Form, Input, Radio, Row, Switch, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { menuAdminApi, useMenuMutation } from '../../../platform/resources/system-menu';
import { FormDialog, RequiredItem, SortField, StatusField, TitleFields } from '../../../ui/crud';

interface Props {
  open: boolean;
  menu: Menu | null;
  parentId?: number;
  tree: MenuNode[];
  onClose(): void;
}

interface Option {
  value: number;
  title: string;
  disabled: boolean;
  children: Option[];
}

/** Parents are directories and menus; the edited menu and everything under it are excluded. */
function parentOptions(nodes: MenuNode[], lang: Language, selfId?: number): Option[] {
  return nodes
    .filter((n) => n.type !== 'button' && n.id !== selfId)
    .map((n) => ({
      value: n.id,
      title: n.titles[lang] || n.titles.en,
      disabled: false,
      children: parentOptions(n.children, lang, selfId),
    }));
}

export function MenuDialog({ open, menu, parentId, tree, onClose }: Props) {
  const { t, i18n } = useTranslation(['system-menu', 'crud']);
  const [form] = Form.useForm<MenuSave>();
  const type = Form.useWatch('type', form);
  const external = Form.useWatch('external', form);
  const save = useMenuMutation((v: MenuSave) => (menu ? menuAdminApi.update(menu.id, v) : menuAdminApi.save(v)));
  const initial = useMemo<Partial<MenuSave>>(
    () =>
      menu
        ? {
            ...menu,
            path: menu.path ?? '',
            component: menu.component ?? '',
            permission: menu.permission ?? '',
            icon: menu.icon ?? '',
          }
        : {
            type: 'menu',
            sort: 0,
            hidden: false,
            cache: false,
            external: false,
            enabled: true,
            ...(parentId ? { parentId } : {}),
          },
    [menu, parentId],
  );
  const required = { required: true, whitespace: true, message: t('crud:required') };
  const button = type === 'button';
  return (
    <FormDialog<MenuSave>
      open={open}
      title={menu ? t('editTitle') : t('createTitle')}
      form={form}
      initialValues={initial}
      onSubmit={(v) => save.mutateAsync(v)}
      onClose={onClose}
      width={760}
      testId="menu-dialog"
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="type" label={t('fields.type')}>
            <Radio.Group
              optionType="button"
              options={MENU_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
              data-testid="menu-type"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="parentId" label={t('fields.parent')} extra={t('parentHint')}>
            <TreeSelect<number>
              allowClear
              showSearch
              treeNodeFilterProp="title"
              treeData={parentOptions(tree, i18n.language as Language, menu?.id)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <RequiredItem
            name="name"
            label={t('fields.name')}
            extra={t('nameHint')}
            rules={[{ pattern: /^[A-Za-z0-9_.:-]+$/, message: t('nameFormat') }]}
          >
            <Input maxLength={64} data-testid="menu-name" />
          </RequiredItem>
        </Col>
        <TitleFields label={(lng) => t(`fields.title.${lng}`)} testId="menu-title" initialValue="" />
        {!button && (
          <>
            <Col xs={24} sm={12}>
              <Form.Item name="external" label={t('fields.external')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="path"
                label={external ? t('fields.link') : t('fields.path')}
                rules={
                  external
                    ? [required, { pattern: /^https?:\/\/\S+$/i, message: t('linkFormat') }]
                    : [
                        { pattern: /^\/[A-Za-z0-9_/:.-]*$/, message: t('pathFormat') },
                        ...(type === 'menu' ? [required] : []),
                      ]
                }
              >
                <Input
                  maxLength={300}
                  placeholder={external ? 'https://' : '/system/example'}
                  data-testid="menu-path"
                />
              </Form.Item>
            </Col>
            {type === 'menu' && !external && (
              <Col xs={24} sm={12}>
                <Form.Item
                  name="component"
                  label={t('fields.component')}
                  extra={t('componentHint')}
                  rules={[{ pattern: /^[a-z0-9_/-]+$/i, message: t('componentFormat') }]}
                >
                  <Input maxLength={200} placeholder="system/example/index" />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} sm={12}>
              <Form.Item name="icon" label={t('fields.icon')}>
                <Input maxLength={64} placeholder="setting" />
              </Form.Item>
            </Col>
          </>
        )}
        {type !== 'directory' && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="permission"
              label={t('fields.permission')}
              rules={[{ pattern: PERMISSION_CODE_PATTERN, message: t('permissionFormat') }]}
            >
              <Input maxLength={100} placeholder="system:example:list" />
            </Form.Item>
          </Col>
        )}
        <Col span={6}>
          <SortField />
        </Col>
        <Col span={6}>
          <StatusField plain />
        </Col>
        {!button && (
          <>
            <Col span={6}>
              <Form.Item name="hidden" label={t('fields.hidden')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="cache" label={t('fields.cache')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
    </FormDialog>
  );
}
