import { type TContentLanguage, textDefinition, textsIn } from '@impact/domain';
import { TextInput } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftStep } from '../call-draft';
import { withStepText } from '../content-language';
import { RichTextField } from './rich-text-field';

type Props = {
  step: DraftStep;
  language: TContentLanguage;
  onChange: (step: DraftStep) => void;
  nameRef: RefObject<HTMLInputElement | null>;
};

/**
 * A step's texts in a language beside the default: its name, description and, for a text step,
 * its question. Left empty, applicants see the default language's text (the name's placeholder).
 */
export function StepTextsInLanguage({ step, language, onChange, nameRef }: Props) {
  const { t } = useTranslation();
  const own = textsIn(step.translations, language);
  const question = textDefinition(step.content).question;
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
      {question.trim() !== '' && (
        <RichTextField
          key={`question-${language}`}
          label={t('callBuilder.translations.question')}
          value={own?.question ?? ''}
          onChange={(text) => onChange(withStepText(step, language, { question: text }))}
          description={t('callBuilder.translations.fallbackHint')}
        />
      )}
    </>
  );
}
