import { AI_PROMPT_PERMISSIONS } from '@agent-console/contracts';
import { Alert, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../ui/crud';
import { CustomerAppPage } from '../CustomerAppPage';
import { MainPromptEditor } from './MainPromptEditor';
import './main-prompt.css';

/**
 * Main prompt (`/ai/main-prompt`, SPEC §5, WAVE2 §5): pick a customer and one of its apps, then
 * edit what the agent of that app is told before every answer.
 */
export default function MainPromptPage() {
  const { t } = useTranslation('ai-role');
  const can = useCan();
  return (
    <CustomerAppPage
      title={t('mainPrompt.title')}
      intro={t('mainPrompt.intro')}
      testIdPrefix="main-prompt"
      notChosen={
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
      }
      editor={(target, onDirtyChange) => (
        <MainPromptEditor target={target} canEdit={can(AI_PROMPT_PERMISSIONS.edit)} onDirtyChange={onDirtyChange} />
      )}
    />
  );
}
