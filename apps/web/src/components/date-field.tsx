import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import 'dayjs/locale/fr';
import 'dayjs/locale/en';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDayMonthYear } from '../lib/day-month-year';

type Props = Omit<DateInputProps, 'value' | 'onChange'> & {
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (value: string) => void;
};

/** The calendars of the date fields in the reader's language, weeks from Monday (with their styles and dayjs's three languages, imported here once). */
export function ReaderDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

/**
 * A day, written and typed day first in every language as the call's dates are (`DateTimeField`),
 * with a calendar in the reader's language, weeks from Monday. The browser's own date input
 * followed the browser's locale instead: month first on an English page beside day-first dates.
 */
export function DateField({ value, onChange, ...props }: Props) {
  const { t } = useTranslation();
  return (
    <ReaderDates>
      <DateInput
        valueFormat="DD/MM/YYYY"
        placeholder={t('dateField.placeholder')}
        dateParser={parseDayMonthYear}
        value={value || null}
        onChange={(day) => onChange(day ?? '')}
        // Emptied by its button, or by deleting the text: an optional day can be taken away.
        clearable
        {...props}
      />
    </ReaderDates>
  );
}
