import { AI_ACCESS_PERMISSIONS } from '@agent-console/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../ui/crud';
import { CustomerAppPage } from '../CustomerAppPage';
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
  return (
    <CustomerAppPage
      title={t('access.title')}
      intro={t('access.intro')}
      testIdPrefix="access"
      notChosen={<Alert type="info" showIcon title={t('mustChooseAccess')} data-testid="access-must-choose" />}
      editor={(target, onDirtyChange) => (
        <AccessEditor target={target} canEdit={can(AI_ACCESS_PERMISSIONS.edit)} onDirtyChange={onDirtyChange} />
      )}
    />
  );
}
