import { PERMISSIONS } from '@agent-console/contracts';
import { Alert, Card, Empty, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CustomerAppPicker, useCustomerAppChoice } from '../../../components/CustomerAppPicker';
import { useCan } from '../../../components/crud';
import { useConfirmDiscard, useUnsavedChanges } from '../../../components/unsaved-changes';
import { MainPromptEditor } from './MainPromptEditor';
import './main-prompt.css';

/**
 * Main prompt (`/ai/main-prompt`, SPEC §5, WAVE2 §5): pick a customer and one of its apps, then
 * edit what the agent of that app is told before every answer.
 */
export default function MainPromptPage() {
  const { t } = useTranslation('ai-role');
  const can = useCan();
  const choice = useCustomerAppChoice();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const confirmDiscard = useConfirmDiscard(dirty);
  const { target } = choice;
  const noApps = choice.value.customerId !== undefined && !choice.appsLoading && choice.apps.length === 0;

  return (
    <Card className="ai-role-page" title={t('mainPrompt.title')} data-testid="main-prompt-page">
      <p className="ai-role-intro">{t('mainPrompt.intro')}</p>
      <CustomerAppPicker choice={choice} confirmChange={confirmDiscard} testIdPrefix="main-prompt" />
      {choice.appsLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : target ? (
        <MainPromptEditor
          key={`${target.customerId}:${target.appId}`}
          target={target}
          canEdit={can(PERMISSIONS.aiMainPrompt.edit)}
          onDirtyChange={setDirty}
        />
      ) : noApps ? (
        <Empty description={t('noApps')} data-testid="main-prompt-no-apps">
          <Link to="/app/info">{t('noAppsLink')}</Link>
        </Empty>
      ) : (
        <>
          <Alert type="info" showIcon title={t('mustChoose')} data-testid="main-prompt-must-choose" />
          <Input.TextArea
            className="main-prompt-text"
            disabled
            autoSize={{ minRows: 5 }}
            placeholder={t('mustChoose')}
            aria-label={t('mainPrompt.label')}
            data-testid="main-prompt-text"
          />
        </>
      )}
    </Card>
  );
}
