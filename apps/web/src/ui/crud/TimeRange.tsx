import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import dayjs from 'dayjs';

export type RangeValue = Parameters<NonNullable<RangePickerProps['onChange']>>[0];

/** Which two filters of a list hold the start and the end of its time range. */
export interface RangeFields<Filters> {
  from: keyof Filters & string;
  to: keyof Filters & string;
  /** Whole days (`YYYY-MM-DD`, both included) rather than ISO times. */
  dateOnly?: boolean;
}

/** When a log's records were written: the monitoring logs' `beginTime` and `endTime` filters. */
export const CREATED = { from: 'beginTime', to: 'endTime' } as const;

/** A date-time range; either end may stay open. */
export function TimeRange(props: RangePickerProps) {
  return <DatePicker.RangePicker showTime allowEmpty={[true, true]} {...props} />;
}

/** The picker's value as the list's two ISO-time filters; an open end is no filter. */
export function rangeToFilters<Filters>(range: RangeValue | undefined, { from, to, dateOnly }: RangeFields<Filters>) {
  const [begin, end] = range ?? [];
  const text = (d: NonNullable<typeof begin>) => (dateOnly ? d.format('YYYY-MM-DD') : d.toISOString());
  return {
    ...(begin ? { [from]: text(begin) } : {}),
    ...(end ? { [to]: text(end) } : {}),
  } as Partial<Filters>;
}

/** The other way, for a list whose filters came back from the URL: the picker shows them. */
export function filtersToRange<Filters>(filters: Filters, { from, to }: RangeFields<Filters>): RangeValue | undefined {
  const begin = filters[from];
  const end = filters[to];
  if (typeof begin !== 'string' && typeof end !== 'string') return undefined;
  return [typeof begin === 'string' ? dayjs(begin) : null, typeof end === 'string' ? dayjs(end) : null];
}
