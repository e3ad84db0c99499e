import {
  miniDyiStepType,
  parseImpactStepContent,
  parseMiniDyiAnswer,
  type TMiniDyiAnswer,
  type TSroiParams,
  type TStepResult,
  type TUserStep,
} from '@impact/domain';
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PdfDownloadButton } from '../../../components/pdf-download-button';
import { SroiPanel } from '../../step-types/impact/sroi-panel';
import { ResultsStep } from '../../step-types/results/results-step';

type ImpactResult = { stepId: string; answer: TMiniDyiAnswer; params: TSroiParams | undefined };

/** What the applicant submitted for each impact step, to show its SROI range. */
export function impactResults(steps: TUserStep[], results: TStepResult[]): ImpactResult[] {
  return steps.flatMap((step) => {
    if (step.stepType?.name !== miniDyiStepType.name) return [];
    const answer = parseMiniDyiAnswer(results.find((r) => r.stepId === step.id)?.content);
    return answer ? [{ stepId: step.id, answer, params: parseImpactStepContent(step.content)?.sroiParams }] : [];
  });
}

/** SPEC 2: after the last step — thank-you, the SROI range of the impact design, PDF download, back to calls. */
export function ClosingPage({
  callName,
  submissionId,
  impact = [],
}: {
  callName: string;
  submissionId: string;
  impact?: ImpactResult[];
}) {
  const { t } = useTranslation();
  return (
    <Center mih="50vh">
      <Paper withBorder radius="lg" p="xl" maw={720} w="100%">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={40} />
          </ThemeIcon>
          {/* The page's one main heading (the wizard's menu and its call name are not shown here). */}
          <Title order={1} size="h2" data-page-heading>
            {t('applying.closing.title')}
          </Title>
          <Text>{t('applying.closing.text', { call: callName })}</Text>
          {impact.map((r) => (
            <SroiPanel key={r.stepId} answer={r.answer} params={r.params} />
          ))}
          {/* SPEC 4: on closing the quiz recap is loaded (computed by the server, hidden while locked). */}
          <ResultsStep submissionId={submissionId} quizzesOnly />
          <PdfDownloadButton submissionId={submissionId} label={t('applying.closing.pdf')} />
          <Button component={Link} to="/calls">
            {t('applying.backToCalls')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
