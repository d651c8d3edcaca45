import { Select, type SelectProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQaSources } from '../../../platform/resources/qa';

/** The source documents a QA can belong to (live documents of the caller's customers). */
export function SourceSelect(props: Omit<SelectProps<number>, 'options'>) {
  const { t } = useTranslation('knowledge-qa');
  const sources = useQaSources();
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      loading={sources.isLoading}
      options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.name, title: s.name }))}
      optionRender={(o) => (
        <span>
          {o.label}
          {sources.data?.find((s) => s.id === o.value)?.enabled === false && (
            <Tag style={{ marginInlineStart: 8 }}>{t('sourceDisabled')}</Tag>
          )}
        </span>
      )}
      {...props}
    />
  );
}
