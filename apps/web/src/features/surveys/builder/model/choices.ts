import { isJsonObject } from '@impact/domain';
import { SURVEY_LANGUAGES, type TSurveyLanguage, textIn, withTextIn } from './localised';

/** A choice, row or column as SurveyJS writes it: a plain value, or `{ value, text, … }`. */
export type TItem = { value: unknown; text: unknown };

export function itemsOf(list: unknown): TItem[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) =>
    isJsonObject(item) ? { value: item.value, text: item.text ?? item.value } : { value: item, text: item },
  );
}

/** The item's label in a language ('' when not written in it). */
export function itemText(list: unknown, index: number, lang: TSurveyLanguage): string {
  const item = Array.isArray(list) ? list[index] : undefined;
  if (isJsonObject(item)) {
    if (item.text !== undefined) return textIn(item.text, lang);
    return lang === 'it' && item.value !== undefined ? String(item.value) : '';
  }
  return lang === 'it' && item !== undefined ? String(item) : '';
}

/** A choice's label to pick it by: in this language, else in the first it is written in. */
export function itemTextToNameBy(list: unknown, index: number, lang: TSurveyLanguage): string {
  return [lang, ...SURVEY_LANGUAGES].map((l) => itemText(list, index, l)).find((text) => text !== '') ?? '';
}

/**
 * The list with one label rewritten. A plain item written in Italian stays plain (its value is
 * its label); a label in another language turns it into `{ value, text }` so answers keep their value.
 */
export function withItemText(list: unknown, index: number, lang: TSurveyLanguage, text: string): unknown[] {
  const items = Array.isArray(list) ? [...list] : [];
  const item = items[index];
  if (isJsonObject(item)) {
    const current = item.text ?? (item.value === undefined ? undefined : String(item.value));
    const next = withTextIn(current, lang, text);
    const copy = { ...item };
    if (next === undefined) delete copy.text;
    else copy.text = next;
    items[index] = copy;
  } else if (lang === 'it') {
    items[index] = text;
  } else {
    items[index] = { value: item, text: withTextIn(item === undefined ? undefined : String(item), lang, text) };
  }
  return items;
}

/** Adds items from pasted text, one per line, skipping blank lines and values already there. */
export function withPastedItems(list: unknown, pasted: string, lang: TSurveyLanguage): unknown[] {
  const items = Array.isArray(list) ? [...list] : [];
  const values = new Set(itemsOf(items).map((i) => String(i.value)));
  for (const line of pasted.split(/\r?\n/)) {
    const label = line.trim();
    if (!label || values.has(label)) continue;
    values.add(label);
    items.push(lang === 'it' ? label : { value: label, text: withTextIn(undefined, lang, label) });
  }
  return items;
}

export function withoutItem(list: unknown, index: number): unknown[] {
  return Array.isArray(list) ? list.filter((_, i) => i !== index) : [];
}
