import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isMissingIn, textIn, withTextIn } from '../model/localised';
import { useBuilder } from './builder-context';

type Props = {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  multiline?: boolean;
  required?: boolean;
  description?: string;
  id?: string;
};

/**
 * A SurveyJS text in the language being written. A text written in another language but not in
 * this one says so, and shows the other language's words as the placeholder to translate from.
 */
export function LocalisedField({ label, value, onChange, multiline, required, description, id }: Props) {
  const { t } = useTranslation();
  const { lang } = useBuilder();
  const missing = isMissingIn(value, lang);
  const hint = missing ? (['it', 'en', 'fr'] as const).map((l) => textIn(value, l)).find(Boolean) : undefined;
  const common = {
    id,
    label,
    required,
    value: textIn(value, lang),
    placeholder: hint,
    description: missing
      ? t('surveys.builder.missingTranslation', { language: t(`surveys.builder.languages.${lang}`) })
      : description,
    onChange: (e: { currentTarget: { value: string } }) => onChange(withTextIn(value, lang, e.currentTarget.value)),
    styles: missing ? { description: { color: 'var(--mantine-color-orange-9)' } } : undefined,
  };
  return multiline ? <Textarea {...common} autosize minRows={2} maxRows={8} /> : <TextInput {...common} />;
}
