import { PERMISSIONS } from '@agent-console/contracts';
import { Alert, Card, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CustomerAppPicker, useCustomerAppChoice } from '../../../components/CustomerAppPicker';
import { useCan } from '../../../components/crud';
import { useConfirmDiscard, useUnsavedChanges } from '../../../components/unsaved-changes';
import { AccessEditor } from './AccessEditor';
import './new-customer-access.css';

/**
 * New-customer access (`/ai/new-customer-access`, SPEC §2, §5, WAVE2 §6): for one app of one
 * customer, whether friend requests are accepted by themselves, the welcome messages a new
 * contact receives, and the lead items the agent captures from conversations.
 */
export default function NewCustomerAccessPage() {
  const { t } = useTranslation('ai-role');
  const can = useCan();
  const choice = useCustomerAppChoice();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const confirmDiscard = useConfirmDiscard(dirty);
  const { target } = choice;
  const noApps = choice.value.customerId !== undefined && !choice.appsLoading && choice.apps.length === 0;

  return (
    <Card className="ai-role-page" title={t('access.title')} data-testid="access-page">
      <p className="ai-role-intro">{t('access.intro')}</p>
      <CustomerAppPicker choice={choice} confirmChange={confirmDiscard} testIdPrefix="access" />
      {choice.appsLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : target ? (
        <AccessEditor
          key={`${target.customerId}:${target.appId}`}
          target={target}
          canEdit={can(PERMISSIONS.aiAccess.edit)}
          onDirtyChange={setDirty}
        />
      ) : noApps ? (
        <Empty description={t('noApps')} data-testid="access-no-apps">
          <Link to="/app/info">{t('noAppsLink')}</Link>
        </Empty>
      ) : (
        <Alert type="info" showIcon title={t('mustChooseAccess')} data-testid="access-must-choose" />
      )}
    </Card>
  );
}
