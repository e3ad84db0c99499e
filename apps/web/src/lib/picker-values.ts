import { parseServerDate } from '@impact/domain';
import dayjs from 'dayjs';
import { DATE_TIME_FIELD_FORMAT } from './date-formats';

/*
 * Mantine's date pickers (components/date-time-field.tsx) speak local "YYYY-MM-DD HH:mm:ss"
 * strings; the API speaks ISO instants. Apart from date-formats.ts, which every first page loads:
 * only the forms with a picker bring dayjs.
 */
export function toPickerValue(iso: string | null | undefined): string | null {
  return iso ? dayjs(parseServerDate(iso)).format(DATE_TIME_FIELD_FORMAT) : null;
}
export function fromPickerValue(value: string | null): string | null {
  if (!value) return null;
  const d = dayjs(value);
  return d.isValid() ? d.toDate().toISOString() : null;
}
