import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StepProps } from '../../step-kit/step-props';
import { useSubmissionResults } from './api';
import { SubmissionResults } from './submission-results';

/** SPEC 3: the results step shows the score ranges and quiz recaps of this submission. */
export function ResultsStep({
  submissionId,
  quizzesOnly = false,
}: Pick<StepProps, 'submissionId'> & { quizzesOnly?: boolean }) {
  const { t } = useTranslation();
  const results = useSubmissionResults(submissionId);
  if (results.isError) return <Alert color="red">{t('errors.unexpected')}</Alert>;
  if (!results.data) {
    return (
      <Center mih={120}>
        <Loader />
      </Center>
    );
  }
  return <SubmissionResults results={results.data} quizzesOnly={quizzesOnly} />;
}
