import { SCREENER_ORG_FIELDS, SCREENER_ORG_VARIABLE, type TJsonObject } from '@impact/domain';
import type { TFunction } from 'i18next';
import { countryOptions } from '../../lib/countries';

/**
 * The organization's registered data as the condition pickers offer it: each field shaped like a
 * question (`org.country` a list of countries, the years a number, the flags yes/no), so a rule
 * on them is built like a rule on an answer.
 */
export function orgVariables(t: TFunction, language: string): TJsonObject[] {
  return SCREENER_ORG_FIELDS.map((field) => {
    const name = `${SCREENER_ORG_VARIABLE}.${field.name}`;
    const title = t(`screening.org.${field.name}`);
    if (field.name === 'country')
      return {
        name,
        title,
        type: 'dropdown',
        choices: countryOptions(language).map((c) => ({ value: c.value, text: c.label })),
      };
    if (field.kind === 'number') return { name, title, type: 'text', inputType: 'number' };
    if (field.kind === 'boolean') return { name, title, type: 'boolean' };
    return { name, title, type: 'text' };
  });
}
