import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import 'dayjs/locale/fr';
import 'dayjs/locale/en';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDayMonthYear, todayHere } from '../lib/day-month-year';

/** Day first in every language, as the call's dates (`DateTimeField`). */
const FIELD_FORMAT = 'DD/MM/YYYY';
/** The day an unreadable date is shown how to write, when the field takes it. */
const EXAMPLE_DAY = '2027-12-31';

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
  // What was typed and cannot be taken: no day ("3/1/26", "31/02/2028") or a day outside the
  // field's range. The picker puts the day it had back on leaving the field, so the person is
  // told, or they would take the old day for theirs.
  const [refused, setRefused] = useState<string | null>(null);
  const min = dayOf(props.minDate);
  const max = dayOf(props.maxDate);
  const why = (typed: string): string | null => {
    if (typed === '') return null;
    const day = parseDayMonthYear(typed);
    const after = t(value ? 'dateField.keeps' : 'dateField.staysEmpty');
    // The example is a day the field takes: a field that stops at today gets a past one.
    const example = shown(max && max < EXAMPLE_DAY ? max : min && min > EXAMPLE_DAY ? min : EXAMPLE_DAY);
    if (day === null) return `${t('dateField.notADay', { typed, example })} ${after}`;
    if (min && day < min) return `${t('dateField.beforeMin', { typed, min: shown(min) })} ${after}`;
    if (max && day > max) return `${t('dateField.afterMax', { typed, max: shown(max) })} ${after}`;
    return null;
  };
  return (
    <ReaderDates>
      <DateInput
        valueFormat={FIELD_FORMAT}
        placeholder={t('dateField.placeholder')}
        dateParser={parseDayMonthYear}
        value={value || null}
        onChange={(day) => {
          setRefused(null);
          onChange(day ?? '');
        }}
        onBlur={(event) => {
          setRefused(why(event.currentTarget.value.trim()));
          onBlur?.(event);
        }}
        error={error || refused || undefined}
        // Emptied by its button, or by deleting the text: an optional day can be taken away.
        clearable
        {...props}
      />
    </ReaderDates>
  );
}

/** A bound of the field as `YYYY-MM-DD` (the picker takes a day's text or a Date). */
function dayOf(bound: DateInputProps['minDate']): string | null {
  if (!bound) return null;
  if (bound instanceof Date) return todayHere(bound);
  return String(bound).slice(0, 10);
}

/** A day as the field writes it. */
const shown = (day: string) => dayjs(day).format(FIELD_FORMAT);
