import { textAnswerOf } from '@impact/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReviewSectionProps } from '../../step-kit/review-sections';

/** The reviewer's view of a text answer: the text as written (line breaks kept). */
export function TextReview({ section }: ReviewSectionProps) {
  const { t } = useTranslation();
  const text = textAnswerOf(section.answers);
  return <Text style={{ whiteSpace: 'pre-wrap' }}>{text || t('review.workspace.noAnswer')}</Text>;
}
