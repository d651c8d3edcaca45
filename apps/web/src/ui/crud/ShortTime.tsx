import { Tooltip } from 'antd';
import { formatShortTime, formatTime } from './format';

/** A time in a table cell in the short form, with the whole time (to the second) in a tooltip. */
export function ShortTime({ value }: { value: string | null | undefined }) {
  if (!value) return '—';
  return (
    <Tooltip title={formatTime(value)}>
      <time dateTime={value} className="crud-short-time">
        {formatShortTime(value)}
      </time>
    </Tooltip>
  );
}

/** `render` of a time column: `{ dataIndex: 'createdAt', width: SHORT_TIME_WIDTH, render: shortTime }`. */
export const shortTime = (value: string | null | undefined) => <ShortTime value={value} />;
