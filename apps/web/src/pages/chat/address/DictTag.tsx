import { Tag } from 'antd';
import { useDict } from '../../../stores/dict-store';

/** A value of one of the contact dictionaries (type, gender, relationship) as its coloured tag. */
export function DictTag({ dict, value, testId }: { dict: string; value: string; testId?: string }) {
  const entries = useDict(dict);
  const option = entries.option(value);
  return (
    <Tag color={option?.color ?? 'default'} data-testid={testId} data-value={value}>
      {entries.label(value)}
    </Tag>
  );
}
