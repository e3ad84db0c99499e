import type { TSubmissionResults } from '@impact/domain';
import { Alert, Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLock, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../../lib/date-formats';
import { fixedNumber } from '../../../lib/number-formats';

/** SPEC 3 "Quiz result" and "Score range result", as the server computed them. */
export function SubmissionResults({
  results,
  quizzesOnly = false,
}: {
  results: TSubmissionResults;
  /** The closing page shows the impact range itself (with its detail); it adds the quiz recaps. */
  quizzesOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (results.locked) {
    const date = results.lockEnd
      ? dateFormat(i18n.language, { dateStyle: 'long' }).format(new Date(results.lockEnd))
      : '';
    return (
      <Alert color="gray" icon={<IconLock size={18} />} data-testid="results-locked">
        {t('surveys.results.locked', { date })}
      </Alert>
    );
  }
  const ranges = quizzesOnly ? [] : results.scoreRanges;
  // The server keeps a quiz's recap until the application is submitted (its answers could still change).
  const quizzesLater = results.quizzesAfterSubmit ? (
    <Text c="dimmed" data-testid="quiz-after-submit">
      {t('surveys.results.quizAfterSubmit')}
    </Text>
  ) : null;
  if (ranges.length === 0 && results.quizzes.length === 0) {
    return quizzesLater ?? (quizzesOnly ? null : <Text c="dimmed">{t('surveys.results.none')}</Text>);
  }
  return (
    <Stack gap="md" w="100%" data-testid="submission-results">
      {quizzesLater}
      {ranges.map((r) => (
        <Paper key={r.stepId} withBorder p="md" radius="md">
          <Title order={3} size="h5">
            {t('surveys.results.range', { step: r.stepName })}
          </Title>
          <Text size="xl" fw={700} data-testid="score-range">
            {fixedNumber(r.lowerScore, i18n.language, 2)} – {fixedNumber(r.upperScore, i18n.language, 2)}
          </Text>
        </Paper>
      ))}
      {results.quizzes.map((q) => (
        <Paper key={q.stepId} withBorder p="md" radius="md" ta="left">
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h5">
              {q.stepName}
            </Title>
            <Badge size="lg" data-testid="quiz-count">
              {t('surveys.results.count', { correct: q.correctAnswersCount, total: q.questionCount })}
            </Badge>
          </Group>
          <List spacing={4} size="sm" center>
            {q.recap.map((item) => (
              <List.Item
                key={item.name}
                icon={
                  <ThemeIcon size={20} radius="xl" color={item.correct ? 'teal' : 'red'}>
                    {item.correct ? <IconCheck size={14} /> : <IconX size={14} />}
                  </ThemeIcon>
                }
              >
                {item.title}{' '}
                <Text span c="dimmed" size="xs">
                  ({t(item.correct ? 'surveys.results.right' : 'surveys.results.wrong')})
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
      ))}
    </Stack>
  );
}
