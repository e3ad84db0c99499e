import { ZTextAnswer } from '@impact/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parseJsonOrNull } from '../../../lib/parse-json';
import type { ReviewSectionProps } from '../../step-kit/review-sections';

/** The reviewer's view of a text answer: the text as written (line breaks kept). */
export function TextReview({ section }: ReviewSectionProps) {
  const { t } = useTranslation();
  const text = ZTextAnswer.safeParse(parseJsonOrNull(section.answers));
  return (
    <Text style={{ whiteSpace: 'pre-wrap' }}>
      {text.success && text.data.answer ? text.data.answer : t('review.workspace.noAnswer')}
    </Text>
  );
}
