import { asksSeveralQuestions, textAnswersOf, textQuestions } from '@impact/domain';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReviewSectionProps } from '../../step-kit/review-sections';

/** The reviewer's view of a text step: each answer as written (line breaks kept), under its question when there are several. */
export function TextReview({ section }: ReviewSectionProps) {
  const { t } = useTranslation();
  const answers = textAnswersOf(section.answers);
  const several = asksSeveralQuestions(section.questions);
  const questions = textQuestions(section.questions);
  if (!several) {
    const text = answers[questions[0]?.id ?? ''] ?? '';
    return <Text style={{ whiteSpace: 'pre-wrap' }}>{text || t('review.workspace.noAnswer')}</Text>;
  }
  return (
    <Stack gap="xs">
      {questions.map((q) => (
        <div key={q.id}>
          <Text fw={600}>{q.label}</Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{answers[q.id] || t('review.workspace.noAnswer')}</Text>
        </div>
      ))}
    </Stack>
  );
}
