import { type Contact, DICT_TYPES, type Relationship } from '@agent-console/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../platform/stores/dict-store';
import { DictTag } from '../../../ui/dict/DictTag';

/**
 * A contact's relationship: a select that changes it at once for users allowed to set it, the
 * dictionary tag for the others.
 */
export function RelationshipCell({
  contact,
  editable,
  saving,
  onChange,
}: {
  contact: Contact;
  editable: boolean;
  saving: boolean;
  onChange(value: Relationship): void;
}) {
  const { t } = useTranslation('chat-address');
  const relationship = useDict(DICT_TYPES.relationship);
  if (!editable) return <DictTag dict={DICT_TYPES.relationship} value={contact.relationship} />;
  return (
    <Select<Relationship>
      size="small"
      value={contact.relationship}
      loading={saving}
      disabled={saving}
      onChange={onChange}
      options={relationship.options.map((o) => ({ value: o.value as Relationship, label: o.label }))}
      aria-label={t('fields.relationshipOf', { name: contact.nickname })}
      style={{ width: 120 }}
      popupMatchSelectWidth={false}
      data-testid={`relationship-${contact.id}`}
    />
  );
}
