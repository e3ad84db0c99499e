import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { modelError } from '../../../../lib/survey-model';

type Props = { text: string; invalid: boolean; onChange: (text: string) => void };

/** The SurveyJS JSON as text, for power users: kept exactly as written; errors shown as you type. */
export function JsonTab({ text, invalid, onChange }: Props) {
  const { t } = useTranslation();
  const error = modelError(text);
  return (
    <Textarea
      label={t('surveys.creator.json')}
      description={t('surveys.builder.jsonHelp')}
      value={text}
      onChange={(e) => onChange(e.currentTarget.value)}
      autosize
      minRows={18}
      maxRows={40}
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      error={
        error
          ? `${t(error.key)}${error.detail ? ` — ${error.detail}` : ''}${invalid ? ` ${t('surveys.builder.fixJsonFirst')}` : ''}`
          : undefined
      }
      data-testid="survey-json"
    />
  );
}
