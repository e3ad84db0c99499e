import type { TJsonObject } from '@impact/domain';
import type { TFunction } from 'i18next';
import { QUESTION_KINDS, type TQuestionKindName } from '../model/kinds';
import { type TSurveyLanguage, withTextIn } from '../model/localised';

/** A new question of a kind: its preset, titled and with its first choices in the language being written. */
export function newQuestion(kind: TQuestionKindName, t: TFunction, lang: TSurveyLanguage): TJsonObject {
  const preset: TJsonObject = structuredClone(QUESTION_KINDS[kind].preset);
  const text = (key: string, n?: number) => withTextIn(undefined, lang, t(key, { n, lng: lang }));
  if (kind === 'html') preset.html = text('surveys.builder.newInfoText');
  else preset.title = text(`surveys.builder.kinds.${kind}`);
  const items = (key: string, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const label = t(key, { n: i + 1, lng: lang });
      // Plain values in Italian; in another language the value stays stable and the label is localised.
      return lang === 'it' ? label : { value: `item${i + 1}`, text: withTextIn(undefined, lang, label) };
    });
  if (Array.isArray(preset.choices)) preset.choices = items('surveys.builder.fields.choice', preset.choices.length);
  if (Array.isArray(preset.rows)) preset.rows = items('surveys.builder.fields.row', preset.rows.length);
  if (Array.isArray(preset.columns)) preset.columns = items('surveys.builder.fields.column', preset.columns.length);
  return preset;
}
