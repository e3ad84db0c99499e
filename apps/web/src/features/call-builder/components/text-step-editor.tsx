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
 * request: its question becomes the first question (or, when long, the introduction), whose id
 * stays the one its answers were saved under.
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
    // A short question of one paragraph becomes the first question's label, and the introduction
    // starts empty: kept in both, applicants read it twice. A longer one (several paragraphs, a
    // list) stays as the introduction, and the first question waits for its short label.
    const plain = plainText(text.question);
    const short = plain.length <= 300 && !/<(?:ul|ol|li|h\d|blockquote|table)\b|<\/p>\s*<p/i.test(text.question);
    const first: TTextQuestion = {
      id: 'answer',
      label: short ? plain : '',
      required: true,
      ...(text.maxLength ? { maxLength: text.maxLength } : {}),
    };
    write({ question: short ? '' : text.question, questions: [first, { id: 'q2', label: '', required: true }] });
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
