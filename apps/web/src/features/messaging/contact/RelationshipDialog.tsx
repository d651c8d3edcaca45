import { DICT_TYPES, type Relationship } from '@agent-console/contracts';
import { type ButtonProps, Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../platform/stores/dict-store';

interface Props {
  /** How many contacts are selected; the dialog is open while it is set. */
  count: number | null;
  onSubmit(relationship: Relationship): Promise<unknown>;
  onClose(): void;
}

/** Sets one relationship on every selected contact, each choice explained. */
export function RelationshipDialog({ count, onSubmit, onClose }: Props) {
  const { t } = useTranslation(['chat-address', 'crud']);
  const relationship = useDict(DICT_TYPES.relationship);
  const [value, setValue] = useState<Relationship>('default');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (count !== null) setValue('default');
  }, [count]);

  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit(value);
      onClose();
    } catch {
      // The API client has shown the server's message; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={count !== null}
      title={t('relationshipDialog.title', { count: count ?? 0 })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('crud:save')}
      cancelText={t('crud:cancel')}
      okButtonProps={{ 'data-testid': 'relationship-ok' } as ButtonProps}
      destroyOnHidden
    >
      <div data-testid="relationship-dialog">
        <Radio.Group value={value} onChange={(e) => setValue(e.target.value)} aria-label={t('fields.relationship')}>
          <Space orientation="vertical" size={12}>
            {relationship.options.map((o) => (
              <Radio key={o.value} value={o.value} data-testid={`relationship-option-${o.value}`}>
                <strong>{o.label}</strong>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {t(`relationshipHelp.${o.value}`)}
                </Typography.Paragraph>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </div>
    </Modal>
  );
}
