import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import 'dayjs/locale/fr';
import 'dayjs/locale/en';
import { DatesProvider, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

/**
 * A date and time (`DATE_TIME_FIELD_FORMAT`; ISO instants converted in lib/picker-values.ts)
 * picked as the call's own dates are: written and read day first in every language, the
 * calendar in the reader's language with weeks from Monday. The browser's own date-time input followed the browser's locale instead (month first
 * and AM/PM under a French or Italian page).
 */
export function DateTimeField(props: DateTimePickerProps) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <DateTimePicker valueFormat="DD/MM/YYYY HH:mm" {...props} />
    </DatesProvider>
  );
}
