import { LANGUAGES } from '@agent-console/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** One required input per language, for a type's names or an entry's labels. */
export function LabelsFields({ name, label }: { name: 'names' | 'labels'; label: string }) {
  const { t } = useTranslation(['system-dict', 'common']);
  return (
    <>
      {LANGUAGES.map((lang) => (
        <Form.Item
          key={lang}
          name={[name, lang]}
          label={`${label} (${t(`common:language.${lang}`)})`}
          rules={[{ required: true, whitespace: true, message: t('rules.labelRequired') }, { max: 100 }]}
        >
          <Input maxLength={100} data-testid={`${name}-${lang}`} />
        </Form.Item>
      ))}
    </>
  );
}
