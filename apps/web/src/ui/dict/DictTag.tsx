import { Tag } from 'antd';
import { useDict } from '../../platform/stores/dict-store';

/** A dictionary value as its coloured tag, in the current language (the entry's own tag colour). */
export function DictTag({ dict, value, testId }: { dict: string; value: string; testId?: string }) {
  const entries = useDict(dict);
  const option = entries.option(value);
  return (
    <Tag color={option?.color ?? 'default'} data-testid={testId} data-value={value}>
      {entries.label(value)}
    </Tag>
  );
}
