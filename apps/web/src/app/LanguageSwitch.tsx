import { LANGUAGES, type Language } from '@agent-console/contracts';
import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../platform/i18n';

/** Switches among en, zh-chs, zh-cht and ja; the choice lives in the language cookie. */
export function LanguageSwitch({ onChanged }: { onChanged?: (lang: Language) => void }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Language;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lang) => ({ key: lang, label: t(`common:language.${lang}`) })),
        onClick: async ({ key }) => {
          await changeLanguage(key as Language);
          onChanged?.(key as Language);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('common:language.label')}
        data-testid="language-switch"
      >
        {t(`common:language.${current}`)}
      </Button>
    </Dropdown>
  );
}
