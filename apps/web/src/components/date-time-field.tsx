import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { ReaderDates } from './date-field';

/**
 * A date and time (`DATE_TIME_FIELD_FORMAT`; ISO instants converted in lib/picker-values.ts)
 * picked as the call's own dates are: written and read day first in every language, the
 * calendar in the reader's language with weeks from Monday. The browser's own date-time input followed the browser's locale instead (month first
 * and AM/PM under a French or Italian page).
 */
export function DateTimeField(props: DateTimePickerProps) {
  return (
    <ReaderDates>
      <DateTimePicker valueFormat="DD/MM/YYYY HH:mm" {...props} />
    </ReaderDates>
  );
}
