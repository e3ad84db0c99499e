import type { TFunction } from 'i18next';
import { calendarDay, DATE_TIME, dateFormat } from '../../lib/date-formats';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Fields whose value is a code (an outcome, a role, a status, a language), said in words. */
const CODED = new Set(['outcome', 'role', 'from', 'to', 'status', 'language']);
/** Fields kept in cents (exact), said as the amount they are. */
const CENTS = new Set(['totalCents']);
/** Fields that are an amount of money, said as the others are ("16.000,00", not "16000"). */
const AMOUNTS = new Set(['amount']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An audit entry's details in words: each field by its label (`audit.fields.<name>`, else its
 * name), days and moments in the reader's language, lists and nested records written out without
 * JSON's brackets and quotes, empty values left out: `{ reports: [{ name: 'Interim',
 * dueAfterMonths: 6 }] }` reads "Reports: Interim (months after the start: 6)".
 */
export function detailsText(t: TFunction, language: string, details: Record<string, unknown>): string {
  const label = (key: string) => t(`audit.fields.${key}`, { defaultValue: key });
  const value = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '';
    if (typeof v === 'boolean') return t(v ? 'audit.values.yes' : 'audit.values.no');
    if (Array.isArray(v)) return v.map(value).filter(Boolean).join('; ');
    if (typeof v === 'object') return record(v as Record<string, unknown>);
    if (typeof v === 'string' && DAY.test(v)) return calendarDay(v, language);
    if (typeof v === 'string' && MOMENT.test(v) && !Number.isNaN(Date.parse(v)))
      return dateFormat(language, DATE_TIME).format(new Date(v));
    return String(v);
  };
  const fieldValue = (key: string, v: unknown) => {
    if (CODED.has(key) && typeof v === 'string') return t(`audit.codes.${v}`, { defaultValue: v });
    const money = (n: number) => new Intl.NumberFormat(language, { minimumFractionDigits: 2 }).format(n);
    if (CENTS.has(key) && (typeof v === 'number' || typeof v === 'string') && Number.isFinite(Number(v)))
      return money(Number(v) / 100);
    if (AMOUNTS.has(key) && typeof v === 'number' && Number.isFinite(v)) return money(v);
    // A record's id, as the Record column shows one: its first eight characters are enough to find it.
    if (typeof v === 'string' && UUID.test(v)) return v.slice(0, 8);
    return value(v);
  };
  const fields = (entries: Array<[string, unknown]>, separator: string) =>
    entries
      .map(([k, v]) => [k, fieldValue(k, v)] as const)
      .filter(([, text]) => text !== '')
      .map(([k, text]) => `${label(k)}: ${text}`)
      .join(separator);
  // A nested record's name leads, unlabelled: it is what a reader looks for.
  const record = (r: Record<string, unknown>) => {
    const { name, ...rest } = r;
    const others = fields(Object.entries(rest), ', ');
    const named = value(name);
    return named ? (others ? `${named} (${others})` : named) : others;
  };
  return fields(Object.entries(details), ' · ');
}
