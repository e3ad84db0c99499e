import { type TContentLanguage, textDefinition, textsIn, uploadSlots } from '@impact/domain';
import { Paper, Stack, Text, TextInput } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea';
import type { DraftStep } from '../call-draft';
import { withQuestionText, withSlotText, withStepText } from '../content-language';
import { RichTextField } from './rich-text-field';

type Props = {
  step: DraftStep;
  language: TContentLanguage;
  onChange: (step: DraftStep) => void;
  nameRef: RefObject<HTMLInputElement | null>;
};

/**
 * A step's texts in a language beside the default: its name, description and, for a text step,
 * its question and each question's label and help; for an upload step, each slot's name and
 * description. Left empty, applicants see the default language's text (each field's placeholder),
 * and the field says it is missing.
 */
export function StepTextsInLanguage({ step, language, onChange, nameRef }: Props) {
  const { t } = useTranslation();
  const own = textsIn(step.translations, language);
  const definition = textDefinition(step.content);
  const slots = uploadSlots(step.content);
  /** The hint under a field: missing (readers see the default's text) or written. */
  const hint = (value: string | undefined, fallback: string | undefined) =>
    fallback?.trim() && !value?.trim() ? t('callBuilder.translations.missingHere') : undefined;
  return (
    <>
      <TextInput
        label={t('callBuilder.steps.name')}
        lang={language}
        value={own?.name ?? ''}
        placeholder={step.name}
        description={t('callBuilder.translations.fallbackHint')}
        onChange={(e) => onChange(withStepText(step, language, { name: e.currentTarget.value }))}
        maxLength={300}
        ref={nameRef}
      />
      <RichTextField
        key={`description-${language}`}
        label={t('callBuilder.steps.description')}
        value={own?.description ?? ''}
        onChange={(description) => onChange(withStepText(step, language, { description }))}
      />
      {definition.question.trim() !== '' && (
        <RichTextField
          key={`question-${language}`}
          label={t(definition.questions ? 'callBuilder.text.introduction' : 'callBuilder.translations.question')}
          value={own?.question ?? ''}
          onChange={(text) => onChange(withStepText(step, language, { question: text }))}
          description={t('callBuilder.translations.fallbackHint')}
        />
      )}
      {definition.questions?.map((q, index) => {
        const text = own?.questions?.[q.id];
        return (
          <Paper key={q.id} withBorder p="sm" radius="md" data-testid="text-question-translation">
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('callBuilder.text.questionN', { n: index + 1 })}
              </Text>
              <TextInput
                label={t('callBuilder.text.label')}
                lang={language}
                value={text?.label ?? ''}
                placeholder={q.label}
                description={hint(text?.label, q.label)}
                maxLength={300}
                onChange={(e) => onChange(withQuestionText(step, language, q.id, { label: e.currentTarget.value }))}
              />
              {q.help?.trim() && (
                <GrowingTextarea
                  label={t('callBuilder.text.help')}
                  lang={language}
                  value={text?.help ?? ''}
                  placeholder={q.help}
                  description={hint(text?.help, q.help)}
                  maxLength={2000}
                  minRows={1}
                  maxRows={6}
                  onChange={(e) => onChange(withQuestionText(step, language, q.id, { help: e.currentTarget.value }))}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
      {slots.map((slot, index) => {
        const text = own?.uploadSlots?.[slot.file_name];
        return (
          <Paper key={slot.file_name} withBorder p="sm" radius="md" data-testid="upload-slot-translation">
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('callBuilder.upload.file', { n: index + 1 })}
              </Text>
              <TextInput
                label={t('callBuilder.upload.fileName')}
                lang={language}
                value={text?.name ?? ''}
                placeholder={slot.file_name}
                description={hint(text?.name, slot.file_name)}
                maxLength={200}
                onChange={(e) =>
                  onChange(withSlotText(step, language, slot.file_name, { name: e.currentTarget.value }))
                }
              />
              {slot.file_description.trim() && (
                <GrowingTextarea
                  label={t('callBuilder.upload.fileDescription')}
                  lang={language}
                  value={text?.description ?? ''}
                  placeholder={slot.file_description}
                  description={hint(text?.description, slot.file_description)}
                  maxLength={1024}
                  minRows={1}
                  maxRows={6}
                  onChange={(e) =>
                    onChange(withSlotText(step, language, slot.file_name, { description: e.currentTarget.value }))
                  }
                />
              )}
            </Stack>
          </Paper>
        );
      })}
    </>
  );
}
