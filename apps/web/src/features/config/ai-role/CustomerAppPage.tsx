import { Button, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResolver } from '../../../platform/navigation/resolve-route';
import { useConfirmDiscard, useUnsavedChanges } from '../../../ui/form/unsaved-changes';
import { CustomerAppPicker, useCustomerAppChoice } from '../../../ui/pickers/CustomerAppPicker';

const APP_INFO_PATH = '/app/info';

interface Props {
  title: ReactNode;
  intro: ReactNode;
  /** Prefix of the test ids: `<prefix>-page`, `<prefix>-no-apps`, and the picker's. */
  testIdPrefix: string;
  /** Shown until a customer and one of its apps are chosen. */
  notChosen: ReactNode;
  /** The editor of the chosen app; it reports whether it holds unsaved changes. */
  editor(target: { customerId: number; appId: number }, onDirtyChange: (dirty: boolean) => void): ReactNode;
}

/**
 * The frame of a screen that works on one app of one customer (the AI configuration screens):
 * the customer-then-app picker, the editor of the chosen app (a fresh one per app), "no apps"
 * with a way to create one, and the unsaved-changes guard when switching or leaving.
 */
export function CustomerAppPage({ title, intro, testIdPrefix, notChosen, editor }: Props) {
  const { t } = useTranslation('ai-role');
  const choice = useCustomerAppChoice();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const confirmDiscard = useConfirmDiscard(dirty);
  const { target } = choice;
  const noApps = choice.value.customerId !== undefined && !choice.appsLoading && choice.apps.length === 0;
  // The way to create an app only for people who may open App info (issue 34: no link to a 404).
  const mayCreate = useResolver()(APP_INFO_PATH).kind === 'page';

  return (
    <Card className="ai-role-page" title={title} data-testid={`${testIdPrefix}-page`}>
      <p className="ai-role-intro">{intro}</p>
      <CustomerAppPicker choice={choice} confirmChange={confirmDiscard} testIdPrefix={testIdPrefix} />
      {choice.appsLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : target ? (
        <Fragment key={`${target.customerId}:${target.appId}`}>{editor(target, setDirty)}</Fragment>
      ) : noApps ? (
        <Empty description={mayCreate ? t('noApps') : t('noAppsAsk')} data-testid={`${testIdPrefix}-no-apps`}>
          {mayCreate && <Link to={APP_INFO_PATH}>{t('noAppsLink')}</Link>}
        </Empty>
      ) : (
        notChosen
      )}
    </Card>
  );
}

/**
 * Save and "undo changes" of an editor in such a screen (undo asks first), or, for a person who
 * may only view, a line saying so.
 */
export function EditorActions(props: {
  canEdit: boolean;
  dirty: boolean;
  saving: boolean;
  /** Without it, Save submits the editor's form. */
  onSave?: () => void;
  /** Drops the unsaved changes, once the person confirmed. */
  onUndo: () => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('ai-role');
  const confirmUndo = useConfirmDiscard(props.dirty);
  if (!props.canEdit) {
    return (
      <Typography.Text type="secondary" data-testid={`${props.testIdPrefix}-read-only`}>
        {t('readOnly')}
      </Typography.Text>
    );
  }
  return (
    <Space className="ai-role-actions" wrap>
      <Button
        type="primary"
        {...(props.onSave ? { onClick: props.onSave } : { htmlType: 'submit' as const })}
        loading={props.saving}
        data-testid={`${props.testIdPrefix}-save`}
      >
        {t('save')}
      </Button>
      <Button
        disabled={!props.dirty}
        onClick={() => void confirmUndo().then((sure) => sure && props.onUndo())}
        data-testid={`${props.testIdPrefix}-undo`}
      >
        {t('undo')}
      </Button>
    </Space>
  );
}
