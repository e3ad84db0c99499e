import type { TTextStepContent } from '@impact/domain';
import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RichTextField } from './rich-text-field';
import type { StepEditorProps } from './step-editor-props';

function readJson(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return undefined;
  }
}

/** Lenient: a half-typed content stays on screen; the strict check runs on Salva and on the server. */
function readTextContent(content: string): TTextStepContent {
  const json = readJson(content) as Partial<TTextStepContent> | undefined;
  const question = typeof json?.question === 'string' ? json.question : '';
  return typeof json?.maxLength === 'number' ? { question, maxLength: json.maxLength } : { question };
}

/** A text step: the question (HTML) and an optional length limit. */
export function TextStepEditor({ content, onChange }: StepEditorProps) {
  const { t } = useTranslation();
  const text = readTextContent(content);
  return (
    <>
      <RichTextField
        label={t('callBuilder.text.question')}
        value={text.question}
        onChange={(question) => onChange(JSON.stringify({ ...text, question }))}
      />
      <NumberInput
        label={t('callBuilder.text.maxLength')}
        description={t('callBuilder.text.maxLengthHelp')}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        value={text.maxLength ?? ''}
        onChange={(v) => {
          const n = typeof v === 'number' ? v : Number.parseInt(v, 10);
          const { maxLength: _old, ...rest } = text;
          onChange(JSON.stringify(n > 0 ? { ...rest, maxLength: n } : rest));
        }}
        maw={240}
      />
    </>
  );
}
