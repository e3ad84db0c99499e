import { isJsonObject, parseJson, surveyAnswerCell, surveyQuestions, surveyText } from '@impact/domain';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReviewSectionProps } from '../../step-kit/review-sections';

/**
 * The reviewer's view of survey and quiz answers: each answered question's title and the answer as
 * words (the chosen choices' texts in the reviewer's language), in the form's order.
 */
export function SurveyReview({ section }: ReviewSectionProps) {
  const { t, i18n } = useTranslation();
  const answers = parseJson(section.answers);
  const questions = surveyQuestions(section.questions) ?? [];
  const yesNo = { yes: t('review.workspace.yes'), no: t('review.workspace.no') };
  // Answers this view cannot place (kinds it does not list, answers kept under another name) are in the PDF.
  const listed = new Set(questions.map((q) => q.name));
  const unplaced =
    isJsonObject(answers) &&
    Object.keys(answers).some((key) => !listed.has(key) && !listed.has(key.replace(/-Comment$/, '')));
  const lines = isJsonObject(answers)
    ? questions.flatMap((q) => {
        const value = surveyAnswerCell(q, answers[q.name], i18n.language, yesNo);
        if (value === null || value === '') return [];
        const shown = String(value);
        return [{ name: q.name, title: surveyText(q.title, i18n.language, q.name), answer: shown }];
      })
    : [];
  const more = unplaced && <Text c="dimmed">{t('review.workspace.partlyInPdf')}</Text>;
  if (!lines.length) return more || <Text c="dimmed">{t('review.workspace.noAnswer')}</Text>;
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="dl" m={0}>
        {lines.map((line) => (
          <div key={line.name}>
            <Text component="dt" fw={600} size="sm">
              {line.title}
            </Text>
            <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap' }}>
              {line.answer}
            </Text>
          </div>
        ))}
      </Stack>
      {more}
    </Stack>
  );
}
