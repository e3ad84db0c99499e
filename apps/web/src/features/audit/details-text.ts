import type { TFunction } from 'i18next';

/**
 * An audit entry's details in words: each field by its label (`audit.fields.<name>`, else its
 * name), lists and nested records written out without JSON's brackets and quotes, empty values
 * left out; `{ reports: [{ name: 'Interim', dueAfterMonths: 6 }] }` reads
 * "Reports: Interim, months after the start 6".
 */
export function detailsText(t: TFunction, details: Record<string, unknown>): string {
  const label = (key: string) => t(`audit.fields.${key}`, { defaultValue: key });
  const value = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '';
    if (typeof v === 'boolean') return t(v ? 'audit.values.yes' : 'audit.values.no');
    if (Array.isArray(v)) return v.map(value).filter(Boolean).join('; ');
    if (typeof v === 'object') return fields(v as Record<string, unknown>, ', ', (k, text) => `${label(k)} ${text}`);
    return String(v);
  };
  // A record's name leads, unlabelled: it is what a reader looks for.
  const fields = (record: Record<string, unknown>, separator: string, show: (key: string, text: string) => string) =>
    Object.entries(record)
      .map(([k, v]) => [k, value(v)] as const)
      .filter(([, text]) => text !== '')
      .map(([k, text]) => (k === 'name' && separator !== ' · ' ? text : show(k, text)))
      .join(separator);
  return fields(details, ' · ', (k, text) => `${label(k)}: ${text}`);
}
