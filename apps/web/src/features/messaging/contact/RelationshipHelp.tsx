import { DICT_TYPES, RELATIONSHIPS } from '@agent-console/contracts';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../platform/stores/dict-store';

/** What each relationship means for the agent and follow-up (WAVE2 §2.3, §15.5). */
export function RelationshipHelp() {
  const { t } = useTranslation('chat-address');
  const relationship = useDict(DICT_TYPES.relationship);
  return (
    <dl className="chat-relationship-help" data-testid="relationship-help">
      {RELATIONSHIPS.map((value) => (
        <div key={value}>
          <dt>{relationship.label(value)}</dt>
          <dd>{t(`relationshipHelp.${value}`)}</dd>
        </div>
      ))}
    </dl>
  );
}
