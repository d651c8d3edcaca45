import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';

type RangeValue = Parameters<NonNullable<RangePickerProps['onChange']>>[0];

/** A date-time range; the form keeps the picker's value and `rangeToFilter` turns it into ISO times. */
export function TimeRange(props: RangePickerProps) {
  return <DatePicker.RangePicker showTime allowEmpty={[true, true]} {...props} />;
}

export function rangeToFilter(range: RangeValue | undefined): { beginTime?: string; endTime?: string } {
  const [begin, end] = range ?? [];
  return {
    ...(begin ? { beginTime: begin.toISOString() } : {}),
    ...(end ? { endTime: end.toISOString() } : {}),
  };
}
