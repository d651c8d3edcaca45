import { DICT_TAG_COLORS, type DictEntry, type DictEntryInput } from '@agent-console/contracts';
import { Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EditDialogProps, FormDialog, RemarkField, RequiredItem, SortField, StatusField } from '../../../ui/crud';
import { dictApi, useDictMutation } from './dict.api';
import { LabelsFields } from './LabelsFields';

interface Props extends EditDialogProps<DictEntry> {
  typeId: number;
  /** The values a value dictionary allows (the product's enum); undefined for any other dictionary. */
  fixedValues?: readonly string[] | undefined;
}

export function EntryDialog({ typeId, editing, fixedValues, ...dialog }: Props) {
  const { t } = useTranslation(['system-dict', 'crud']);
  const save = useDictMutation((values: DictEntryInput) =>
    editing ? dictApi.updateEntry(editing.id, values) : dictApi.saveEntry(values),
  );
  return (
    <FormDialog<DictEntryInput>
      {...dialog}
      title={editing ? t('entry.edit') : t('entry.add')}
      initialValues={
        editing
          ? {
              value: editing.value,
              labels: editing.labels,
              sort: editing.sort,
              tagColor: editing.tagColor,
              enabled: editing.enabled,
              remark: editing.remark,
            }
          : { sort: 0, tagColor: 'default', enabled: true }
      }
      onSubmit={(v) => save.mutateAsync({ ...v, typeId })}
      testId="entry-dialog"
    >
      <RequiredItem
        name="value"
        label={t('fields.value')}
        message={t('rules.valueRequired')}
        rules={[{ max: 100 }]}
        {...(fixedValues ? { extra: t('entry.fixedValue') } : {})}
      >
        {fixedValues ? (
          // The product's values only: kept as it is when editing, chosen among them when adding.
          <Select
            disabled={!!editing}
            options={fixedValues.map((v) => ({ value: v, label: v }))}
            data-testid="entry-value"
          />
        ) : (
          <Input maxLength={100} data-testid="entry-value" />
        )}
      </RequiredItem>
      <LabelsFields name="labels" label={t('fields.label')} />
      <SortField max={100000} />
      <Form.Item name="tagColor" label={t('fields.tagColor')}>
        <Select
          options={DICT_TAG_COLORS.map((c) => ({ value: c, label: <Tag color={c}>{c}</Tag> }))}
          data-testid="entry-color"
        />
      </Form.Item>
      <StatusField />
      <RemarkField />
    </FormDialog>
  );
}
