import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PdfDownloadButton } from '../../../components/pdf-download-button';
import { PlainList } from '../../../components/plain-list';
import { wizardWords } from '../wizard-words';

/**
 * SPEC 2: after the last step — thank-you, what the step types show of the answers (`children`: the
 * SROI range of the impact design, the quiz recap), PDF download, back to calls.
 */
export function ClosingPage({
  callName,
  submissionId,
  children,
  stage,
  words = wizardWords(undefined),
  reference,
}: {
  callName: string;
  submissionId: string;
  /** The application's reference ("2026-00042"), which the receipt and the funder use too. */
  reference?: string | undefined;
  children?: ReactNode;
  /** A call's second stage (decision 0034): its own title, and a PDF for each stage. */
  stage?: 2;
  /** An application's words, or a report's (and back to its grant). */
  words?: ReturnType<typeof wizardWords>;
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
            {t(stage === 2 ? 'applying.stages.closedTitle' : words.closingTitle)}
          </Title>
          <Text>{t(words.closingText, { call: callName })}</Text>
          {reference && (
            <Text data-testid="submission-reference">
              {t('applying.closing.reference')} <strong>{reference}</strong>
            </Text>
          )}
          {children}
          {words.closingNext && (
            <Stack gap={4} ta="start" w="100%">
              <Title order={2} size="h4">
                {t('applying.closing.nextTitle')}
              </Title>
              <PlainList gap={4} ordered>
                {words.closingNext
                  .map((key) => t(key))
                  .map((line) => (
                    <Text key={line} component="li" size="sm">
                      {line}
                    </Text>
                  ))}
              </PlainList>
            </Stack>
          )}
          {stage === 2 ? (
            <>
              <PdfDownloadButton submissionId={submissionId} stage={1} label={t('applying.stages.pdf', { stage: 1 })} />
              <PdfDownloadButton submissionId={submissionId} stage={2} label={t('applying.stages.pdf', { stage: 2 })} />
            </>
          ) : (
            <PdfDownloadButton submissionId={submissionId} label={t('applying.closing.pdf')} />
          )}
          <Button component={Link} to={words.backTo}>
            {t(words.back)}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
