import { TimePicker, type TimePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

type Props = Omit<TimePickerProps, 'value' | 'onChange' | 'format'> & {
  /** `HH:mm`, or nothing. */
  value?: string | null;
  onChange?: (value: string | null) => void;
};

const FORMAT = 'HH:mm';

/** `HH:mm` as a day's time, in no time zone in particular (the screen says whose it is). */
function toDayjs(value: string | null | undefined): Dayjs | null {
  const match = value ? /^(\d{2}):(\d{2})$/.exec(value) : null;
  if (!match) return null;
  return dayjs().startOf('day').hour(Number(match[1])).minute(Number(match[2]));
}

/** A time of day (`HH:mm`, a form field's value as the contracts have it) picked or typed. */
export function TimeOfDayPicker({ value, onChange, ...props }: Props) {
  return (
    <TimePicker
      format={FORMAT}
      needConfirm={false}
      value={toDayjs(value)}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format(FORMAT) : null)}
      {...props}
    />
  );
}
