import {
  parseImpactStepContent,
  parseMiniDyiAnswer,
  type TMiniDyiAnswer,
  type TSroiParams,
  type TStep,
  type TStepResult,
} from '@impact/domain';
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SroiPanel } from '../../impact/components/sroi-panel';

type ImpactResult = { stepId: string; answer: TMiniDyiAnswer; params: TSroiParams | undefined };

/** What the applicant submitted for each impact step, to show its SROI range (issue 7). */
export function impactResults(steps: TStep[], results: TStepResult[]): ImpactResult[] {
  return steps.flatMap((step) => {
    if (step.stepType?.name !== 'miniDyi') return [];
    const answer = parseMiniDyiAnswer(results.find((r) => r.stepId === step.id)?.content);
    return answer ? [{ stepId: step.id, answer, params: parseImpactStepContent(step.content)?.sroiParams }] : [];
  });
}

/** SPEC 2: after the last step — thank-you, the SROI range of the impact design, PDF download, back to calls. */
export function ClosingPage({ callName, impact = [] }: { callName: string; impact?: ImpactResult[] }) {
  const { t } = useTranslation();
  return (
    <Center mih="50vh">
      <Paper withBorder radius="lg" p="xl" maw={720} w="100%">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={40} />
          </ThemeIcon>
          <Title order={2}>{t('applying.closing.title')}</Title>
          <Text>{t('applying.closing.text', { call: callName })}</Text>
          {impact.map((r) => (
            <SroiPanel key={r.stepId} answer={r.answer} params={r.params} />
          ))}
          {/* The PDF of the submitted application arrives with the PDF feature. */}
          <Tooltip label={t('applying.closing.pdfSoon')}>
            <Button variant="default" leftSection={<IconFileTypePdf size={18} />} disabled data-disabled>
              {t('applying.closing.pdf')}
            </Button>
          </Tooltip>
          <Button component={Link} to="/calls">
            {t('applying.backToCalls')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
