import { LANGUAGES, type Language } from '@agent-console/contracts';
import { Col, Form, type FormItemProps, Input, InputNumber, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The Status switch of a create/edit form (`enabled`); `plain`: the switch without its words. */
export function StatusField({ testId, plain }: { testId?: string; plain?: boolean }) {
  const { t } = useTranslation('crud');
  return (
    <Form.Item name="enabled" label={t('status')} valuePropName="checked">
      {plain ? (
        <Switch data-testid={testId} />
      ) : (
        <Switch checkedChildren={t('enabled')} unCheckedChildren={t('disabled')} data-testid={testId} />
      )}
    </Form.Item>
  );
}

interface NoteFieldProps {
  /** The field; `remark` unless the record calls its note otherwise (`description`, `comment`). */
  name?: string;
  /** The field's label; "Remark" by default. */
  label?: ReactNode;
  rows?: number;
  testId?: string;
}

/** The Remark box of a create/edit form (or any free note): at most 500 characters, as every contract allows. */
export function RemarkField({ name = 'remark', label, rows = 3, testId }: NoteFieldProps) {
  const { t } = useTranslation('crud');
  return (
    <Form.Item name={name} label={label ?? t('remark')} rules={[{ max: 500, message: t('tooLong', { max: 500 }) }]}>
      <Input.TextArea maxLength={500} rows={rows} data-testid={testId} />
    </Form.Item>
  );
}

/** The order number (`sort`) of a create/edit form: a whole number from 0. */
export function SortField({ max = 99999 }: { max?: number }) {
  const { t } = useTranslation('crud');
  return (
    <Form.Item name="sort" label={t('sort')}>
      <InputNumber min={0} max={max} precision={0} />
    </Form.Item>
  );
}

type RequiredItemProps = FormItemProps & {
  /** The error of an empty or blank value; "Required" unless the screen words it itself. */
  message?: string;
};

/** A text field that must hold more than spaces; `rules` add to that (a pattern, a length). */
export function RequiredItem({ message, rules = [], ...item }: RequiredItemProps) {
  const { t } = useTranslation('crud');
  return (
    <Form.Item {...item} rules={[{ required: true, whitespace: true, message: message ?? t('required') }, ...rules]} />
  );
}

interface TitleFieldsProps {
  /** Each language's label ("Title (English)"). */
  label(lang: Language): ReactNode;
  /** Prefix of the inputs' test ids: `<testId>-<lang>`. */
  testId: string;
  /** Kept as the fields' own start value, for a form whose values may lack some languages. */
  initialValue?: string;
  maxLength?: number;
}

/**
 * A record's title in every language (`titles.<lang>`), two to a row of a gridded form: English is
 * required, as the fallback of the others.
 */
export function TitleFields({ label, testId, initialValue, maxLength = 100 }: TitleFieldsProps) {
  return LANGUAGES.map((lang) => (
    <Col span={12} key={lang}>
      {lang === 'en' ? (
        <RequiredItem name={['titles', lang]} label={label(lang)} initialValue={initialValue}>
          <Input maxLength={maxLength} data-testid={`${testId}-${lang}`} />
        </RequiredItem>
      ) : (
        <Form.Item name={['titles', lang]} label={label(lang)} initialValue={initialValue}>
          <Input maxLength={maxLength} data-testid={`${testId}-${lang}`} />
        </Form.Item>
      )}
    </Col>
  ));
}
