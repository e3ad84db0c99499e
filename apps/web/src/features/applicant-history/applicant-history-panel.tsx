import { parseServerDate, type TApplicantHistory } from '@impact/domain';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OutcomeBadge } from '../../components/outcome-badge';
import { PlainList } from '../../components/plain-list';
import { mediumDateTime } from '../../lib/local-dates';
import { money } from '../../lib/number-formats';
import { problemText } from '../../lib/problem-text';
import { StackableModal } from '../../lib/stackable-modal';
import { useApplicantHistory } from './api';

/**
 * Beside an application an administrator reads: what the funder already knows of the organization
 * (its other applications and decisions, its grants) and the organizations that look like the same
 * body, in a dialog (docs/decisions/0060). Never shown to reviewers.
 */
export function ApplicantHistoryPanel({ submissionId }: { submissionId: string }) {
  // One panel per application: its dialog does not stay open over the next one opened from it.
  return <HistoryPanel key={submissionId} submissionId={submissionId} />;
}

function HistoryPanel({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation();
  const history = useApplicantHistory(submissionId);
  const [open, setOpen] = useState(false);
  const data = history.data;
  return (
    <Stack gap="xs" mt="md" data-testid="applicant-history">
      <Title order={2} size="h5">
        {t('applicantHistory.title')}
      </Title>
      {history.isPending && <Loader size="sm" aria-label={t('applicantHistory.loading')} />}
      {history.isError && <Text size="sm">{problemText(t, history.error)}</Text>}
      {data && (
        <>
          <Text size="sm">
            {t('applicantHistory.otherApplications', { count: data.submissions.filter((s) => !s.current).length })}
            {' · '}
            {t('applicantHistory.grantsCount', { count: data.grants.length })}
          </Text>
          {data.lookalikes.length > 0 && (
            <Alert color="yellow" p="xs">
              <Text size="sm">{t('applicantHistory.lookalikesCount', { count: data.lookalikes.length })}</Text>
            </Alert>
          )}
          <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setOpen(true)}>
            {t('applicantHistory.open')}
          </Button>
          <StackableModal
            opened={open}
            onClose={() => setOpen(false)}
            size="lg"
            title={t('applicantHistory.dialogTitle', { name: data.organization.name })}
          >
            <HistoryDetails data={data} />
          </StackableModal>
        </>
      )}
    </Stack>
  );
}

function HistoryDetails({ data }: { data: TApplicantHistory }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('applicantHistory.registered', {
          regNumber: data.organization.regNumber,
          country: data.organization.country,
        })}
      </Text>
      <Title order={3} size="h5">
        {t('applicantHistory.applications')}
      </Title>
      <PlainList gap="xs">
        {data.submissions.map((s) => (
          <Paper component="li" key={s.id} withBorder p="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              {s.current ? (
                <Text fw={600}>{t('applicantHistory.thisOne', { call: s.callName })}</Text>
              ) : (
                <Anchor component={Link} to={`/call/${s.id}/0/0?readonly=true`}>
                  {s.callName}
                </Anchor>
              )}
              <Group gap="xs">
                {s.stage === 2 && <Badge variant="light">{t('applicantHistory.stageTwo')}</Badge>}
                <Badge variant="outline" color={s.submitted ? 'teal' : 'gray'}>
                  {t(s.submitted ? 'applicantHistory.submitted' : 'applicantHistory.inProgress')}
                </Badge>
                {s.outcome && <OutcomeBadge outcome={s.outcome} />}
              </Group>
            </Group>
            <Text size="xs" c="dimmed">
              {s.submittedAt
                ? t('applicantHistory.submittedOn', {
                    date: mediumDateTime(parseServerDate(s.submittedAt), i18n.language),
                  })
                : t('applicantHistory.started', { date: mediumDateTime(parseServerDate(s.startedAt), i18n.language) })}
            </Text>
          </Paper>
        ))}
      </PlainList>
      <Title order={3} size="h5">
        {t('applicantHistory.grants')}
      </Title>
      {data.grants.length === 0 ? (
        <Text size="sm">{t('applicantHistory.noGrants')}</Text>
      ) : (
        <PlainList gap="xs">
          {data.grants.map((g) => (
            <Paper component="li" key={g.id} withBorder p="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Anchor component={Link} to={`/grants/${g.id}`}>
                  {t('applicantHistory.grant', { reference: g.reference, call: g.callName })}
                </Anchor>
                <Group gap="xs">
                  <Badge variant="light">{t(`grants.status.${g.status}`)}</Badge>
                  {g.reportsOverdue > 0 && (
                    <Badge color="red" variant="light">
                      {t('applicantHistory.reportsOverdue', { count: g.reportsOverdue })}
                    </Badge>
                  )}
                </Group>
              </Group>
              <Text size="sm">{money(g.amount, i18n.language, g.currency)}</Text>
            </Paper>
          ))}
        </PlainList>
      )}
      <Title order={3} size="h5">
        {t('applicantHistory.lookalikes')}
      </Title>
      {data.lookalikes.length === 0 ? (
        <Text size="sm">{t('applicantHistory.noLookalikes')}</Text>
      ) : (
        <>
          <Text size="sm">{t('applicantHistory.lookalikesHelp')}</Text>
          <PlainList gap="xs">
            {data.lookalikes.map((o) => (
              <Paper component="li" key={o.id} withBorder p="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600}>{o.name}</Text>
                  {o.sameCall && (
                    <Badge color="orange" variant="light">
                      {t('applicantHistory.sameCall')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('applicantHistory.otherRegistered', { regNumber: o.regNumber, count: o.applications })}
                </Text>
                <Group gap={4} mt={4}>
                  {o.reasons.map((reason) => (
                    <Badge key={reason} variant="outline" color="gray">
                      {t(`applicantHistory.reasons.${reason}`)}
                    </Badge>
                  ))}
                </Group>
              </Paper>
            ))}
          </PlainList>
        </>
      )}
    </Stack>
  );
}
