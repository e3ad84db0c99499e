import { isEmptyId, parseServerDate, type TUserCallListItem } from '@impact/domain';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconChartBar, IconDownload } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OutcomeBadge } from '../../../components/outcome-badge';
import { PdfDownloadButton } from '../../../components/pdf-download-button';
import { SafeHtml } from '../../../components/safe-html';
import { dayAndMonth, mediumDateTime } from '../../../lib/local-dates';
import { useSelectedOrganizationId } from '../../../lib/selected-organization';
import { downloadCustomFile } from '../../step-kit/api/files';
import { cardState, changesDue, secondStage } from '../call-card-state';
import { useCanWriteForSelected } from '../use-can-write';

type Props = {
  call: TUserCallListItem;
  busy: boolean;
  onAction: (call: TUserCallListItem) => void;
  UnreadMessages?: ComponentType<{ submissionId: string }>;
};

export function CallCard({ call, busy, onAction, UnreadMessages }: Props) {
  const { t, i18n } = useTranslation();
  // A viewer of the organization is not offered to make the changes a funder asked for.
  const state = cardState(call, new Date(), useCanWriteForSelected());
  const stage2 = secondStage(call);
  const changesDueAt = changesDue(call);
  // A call not open yet says when it opens instead of "Closed".
  const upcoming = parseServerDate(call.openingAt).getTime() > Date.now();
  const opensOn = dayAndMonth(parseServerDate(call.openingAt), i18n.language);
  const organizationId = useSelectedOrganizationId();
  const date = (value: string) => mediumDateTime(parseServerDate(value), i18n.language);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="call-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          {/* Focusable from the script only: the list gives it the keyboard when the visitor came for this call. */}
          <Title order={2} size="h4" id={`call-${call.id}`} tabIndex={-1}>
            <bdi lang={call.textLanguages?.name}>{call.name}</bdi>
          </Title>
          <Badge color={state.status === 'open' ? 'teal' : upcoming ? 'blue' : 'gray'} variant="light">
            {upcoming ? t('callDraft.upcoming') : t(`applying.callStatus.${state.status}`)}
          </Badge>
        </Group>
        <SafeHtml html={call.description} lang={call.textLanguages?.description} />
        {/* The icon stays beside the dates when they wrap. */}
        <Group gap="xs" c="dimmed" wrap="nowrap" align="flex-start">
          <IconCalendar size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{t('applying.dates', { opening: date(call.openingAt), closing: date(call.closingAt) })}</Text>
        </Group>
        {/* Where the organization's application stands: the call's own badge says only whether it is open. */}
        {!isEmptyId(call.submissionId) && (
          <Group gap="xs" data-testid="call-submission-status">
            <Text size="sm" fw={600}>
              {t('applying.labelled', {
                label: t(stage2 ? 'applying.stages.firstStage' : 'applying.yourSubmission'),
              })}
            </Text>
            <Badge color={call.submissionClosed ? 'teal' : 'gray'} variant="light">
              {t(call.submissionClosed ? 'applying.status.submitted' : 'applying.status.inProgress')}
            </Badge>
            {UnreadMessages && <UnreadMessages submissionId={call.submissionId} />}
          </Group>
        )}
        {/* The funder asked for changes (decision 0039): until when the reopened steps can be sent again. */}
        {changesDueAt && (
          <Group gap="xs" data-testid="call-changes-requested">
            <Badge color="orange" variant="light">
              {t('applying.status.changesRequested')}
            </Badge>
            <Text size="sm">{t('applying.changesDue', { date: mediumDateTime(changesDueAt, i18n.language) })}</Text>
          </Group>
        )}
        {/* Invited to the second stage (decision 0034): its own deadline, and whether it was sent. */}
        {stage2 && (
          <Group gap="xs" data-testid="call-stage-2">
            <Text size="sm" fw={600}>
              {t('applying.labelled', { label: t('applying.stages.secondStage') })}
            </Text>
            <Badge color={stage2.submitted ? 'teal' : stage2.open ? 'grape' : 'gray'} variant="light">
              {t(
                stage2.submitted
                  ? 'applying.status.submitted'
                  : stage2.open
                    ? 'applying.stages.invited'
                    : 'applying.callStatus.closed',
              )}
            </Badge>
            {!stage2.submitted && (
              <Text size="sm">
                {t('applying.stages.deadline', { date: mediumDateTime(stage2.closingAt, i18n.language) })}
              </Text>
            )}
          </Group>
        )}
        {/* The server sends the decision only once the call's lock has ended. */}
        {call.outcome && (
          <Stack gap={4} data-testid="call-outcome">
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {t('applying.labelled', { label: t('review.card.outcome') })}
              </Text>
              <OutcomeBadge outcome={call.outcome.outcome} />
            </Group>
            {call.outcome.message && <Text size="sm">{call.outcome.message}</Text>}
          </Stack>
        )}
        <Group mt="auto">
          <Button
            onClick={() => onAction(call)}
            disabled={state.disabled}
            loading={busy}
            variant={state.button === 'close' ? 'light' : 'filled'}
          >
            {upcoming ? t('callDraft.opensOn', { date: opensOn }) : t(`applying.button.${state.button}`)}
          </Button>
          {state.showClosedExtras && organizationId && call.userPowerBIWorkspaceID && call.userPowerBIReportID && (
            <Button
              variant="default"
              component={Link}
              to={`/powerbi-report-rls/${call.userPowerBIWorkspaceID}/${call.userPowerBIReportID}/${organizationId}`}
              leftSection={<IconChartBar size={16} aria-hidden />}
              data-testid="view-report"
            >
              {t('reports.powerBi.viewReport')}
            </Button>
          )}
          {state.showClosedExtras && call.customFile && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => call.customFile && void downloadCustomFile(call.id, call.customFile.name)}
              data-testid="download-custom-file"
            >
              {t('applying.customFile')}
            </Button>
          )}
          {state.showClosedExtras && !stage2 && (
            <PdfDownloadButton submissionId={call.submissionId} label={t('pdf.short')} />
          )}
          {/* Each stage has its own PDF. */}
          {state.showClosedExtras && stage2 && (
            <PdfDownloadButton
              submissionId={call.submissionId}
              stage={1}
              label={t('applying.stages.pdf', { stage: 1 })}
            />
          )}
          {state.showClosedExtras && stage2?.submitted && (
            <PdfDownloadButton
              submissionId={call.submissionId}
              stage={2}
              label={t('applying.stages.pdf', { stage: 2 })}
            />
          )}
        </Group>
      </Stack>
    </Card>
  );
}
