import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import 'dayjs/locale/fr';
import 'dayjs/locale/en';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { type ReactNode, useState } from 'react';
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
export function DateField({ value, onChange, onBlur, error, ...props }: Props) {
  const { t } = useTranslation();
  // What was typed and is no day ("3/1/26", "31/02/2028"): the picker puts the day it had back on
  // leaving the field, so the person is told, or they would take the old day for theirs.
  const [notADay, setNotADay] = useState('');
  return (
    <ReaderDates>
      <DateInput
        valueFormat="DD/MM/YYYY"
        placeholder={t('dateField.placeholder')}
        dateParser={parseDayMonthYear}
        value={value || null}
        onChange={(day) => {
          setNotADay('');
          onChange(day ?? '');
        }}
        onBlur={(event) => {
          const typed = event.currentTarget.value.trim();
          setNotADay(typed !== '' && parseDayMonthYear(typed) === null ? typed : '');
          onBlur?.(event);
        }}
        error={error || (notADay ? t('dateField.notADay', { typed: notADay }) : undefined)}
        // Emptied by its button, or by deleting the text: an optional day can be taken away.
        clearable
        {...props}
      />
    </ReaderDates>
  );
}
