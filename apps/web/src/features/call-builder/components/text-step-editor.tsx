import type { TTextQuestion, TTextStepContent } from '@impact/domain';
import { Button, NumberInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { withMaxLength } from './length-limit';
import { RichTextField } from './rich-text-field';
import type { StepEditorProps } from './step-editor-props';
import { TextQuestionsEditor } from './text-questions-editor';

function readJson(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return undefined;
  }
}

/** A question as the fields need it, whatever a hand-edited content holds. */
function readQuestion(value: unknown, index: number): TTextQuestion {
  const q = (typeof value === 'object' && value !== null ? value : {}) as Partial<TTextQuestion>;
  return {
    ...q,
    id: typeof q.id === 'string' ? q.id : `q${index + 1}`,
    label: typeof q.label === 'string' ? q.label : '',
    required: q.required !== false,
  };
}

/** Lenient: a half-typed content stays on screen; the strict check runs on Salva and on the server. */
function readTextContent(content: string): TTextStepContent & { question: string } {
  const json = readJson(content) as Partial<TTextStepContent> | undefined;
  const question = typeof json?.question === 'string' ? json.question : '';
  return {
    question,
    ...(typeof json?.maxLength === 'number' ? { maxLength: json.maxLength } : {}),
    ...(Array.isArray(json?.questions) ? { questions: json.questions.map(readQuestion) } : {}),
  };
}

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A text step: one question (HTML) with an optional length limit, or several questions, each with
 * its label, help, limit and required mark. A one-question step becomes a several-question one on
 * request: its question stays as the introduction and becomes the first question, whose id stays
 * the one its answers were saved under.
 */
export function TextStepEditor({ content, onChange, showErrors }: StepEditorProps) {
  const { t } = useTranslation();
  const text = readTextContent(content);
  const write = (next: object) => onChange(JSON.stringify(next));
  if (text.questions) {
    const { maxLength: _unused, ...rest } = text;
    return (
      <>
        <RichTextField
          label={t('callBuilder.text.introduction')}
          value={text.question}
          onChange={(question) => write({ ...rest, question })}
        />
        <TextQuestionsEditor
          questions={text.questions}
          onChange={(questions) => write({ ...rest, questions })}
          showErrors={showErrors}
        />
      </>
    );
  }
  const severalFromOne = () => {
    const first: TTextQuestion = {
      id: 'answer',
      label: plainText(text.question).slice(0, 300),
      required: true,
      ...(text.maxLength ? { maxLength: text.maxLength } : {}),
    };
    write({ question: text.question, questions: [first, { id: 'q2', label: '', required: true }] });
  };
  return (
    <>
      <RichTextField
        label={t('callBuilder.text.question')}
        value={text.question}
        onChange={(question) => write({ ...text, question })}
      />
      <NumberInput
        label={t('callBuilder.text.maxLength')}
        description={t('callBuilder.text.maxLengthHelp')}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        value={text.maxLength ?? ''}
        onChange={(v) => write(withMaxLength(text, v))}
        maw={240}
      />
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={severalFromOne}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('callBuilder.text.addQuestion')}
      </Button>
    </>
  );
}
