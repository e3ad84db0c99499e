import { parseServerDate, type TChangeRequest, type TChangeRequestStatus } from '@impact/domain';
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field';
import { PlainList } from '../../../components/plain-list';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { DATE_TIME_FIELD_FORMAT } from '../../../lib/date-formats';
import { mediumDateTime } from '../../../lib/local-dates';
import { problemText } from '../../../lib/problem-text';
import { StackableModal } from '../../../lib/stackable-modal';
import { useChangeRequests } from '../../step-kit/api/change-requests';
import { useRequestChanges, useWithdrawChangeRequest } from '../api/change-requests';

export type ChangeRequestStep = { id: string; name: string };

type Props = {
  submissionId: string;
  /** The application's steps, in order, with their names as the reader sees them. */
  steps: ChangeRequestStep[];
  /** The administrator's view: the request action and withdrawing; otherwise the history only. */
  admin: boolean;
  /** Whether the application is submitted (a request needs it). */
  submitted: boolean;
};

const STATUS_COLORS: Record<TChangeRequestStatus, string> = {
  open: 'orange',
  answered: 'teal',
  withdrawn: 'gray',
  expired: 'gray',
};

/**
 * Requests for changes on an application (docs/decisions/0039): the history, each with its steps,
 * message, due date and answer, for the team and the administrator; the administrator also asks
 * for changes (steps, message, due date, then a confirmation) and withdraws an open request.
 */
export function ChangeRequestsPanel({ submissionId, steps, admin, submitted }: Props) {
  const { t, i18n } = useTranslation();
  const list = useChangeRequests(submissionId);
  const withdraw = useWithdrawChangeRequest(submissionId);
  const [asking, setAsking] = useState(false);
  // A request made or withdrawn takes away the button that was pressed: the keyboard goes to the
  // panel's heading instead of the page's top (after the dialog has given focus back, or tried to).
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => window.setTimeout(() => heading.current?.focus(), 0);
  const requests = list.data ?? [];
  const open = requests.find((r) => r.status === 'open');
  const nameOf = (id: string) => {
    const index = steps.findIndex((s) => s.id === id);
    const step = steps[index];
    return step ? step.name || t('changeRequests.untitledStep', { n: index + 1 }) : '…';
  };
  const when = (at: string) => mediumDateTime(parseServerDate(at), i18n.language);
  const confirmWithdraw = (request: TChangeRequest) =>
    openConfirmDialog({
      title: t('changeRequests.withdraw.title'),
      children: <Text size="sm">{t('changeRequests.withdraw.text')}</Text>,
      labels: { confirm: t('changeRequests.withdraw.yes'), cancel: t('changeRequests.cancel') },
      onConfirm: () =>
        withdraw.mutate(request.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('changeRequests.withdraw.done') });
            focusHeading();
          },
          onError: (err) => notifications.show({ color: 'red', message: problemText(t, err) }),
        }),
    });

  if (!admin && requests.length === 0) return null;
  return (
    <Stack gap="xs" mt="md" data-testid="change-requests">
      <Title order={2} size="h5" ref={heading} tabIndex={-1}>
        {t('changeRequests.title')}
      </Title>
      {admin && submitted && !open && (
        <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => setAsking(true)}>
          {t('changeRequests.request')}
        </Button>
      )}
      {requests.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('changeRequests.none')}
        </Text>
      ) : (
        <PlainList gap="xs">
          {requests.map((request) => (
            <Paper component="li" key={request.id} withBorder p="xs" data-testid="change-request">
              <Group justify="space-between" gap="xs">
                <Badge color={STATUS_COLORS[request.status]} variant="light">
                  {t(`changeRequests.status.${request.status}`)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {t('changeRequests.requestedAt', { date: when(request.requestedAt), by: request.requestedBy || '—' })}
                </Text>
              </Group>
              <Text size="sm" mt={4}>
                {t('changeRequests.steps', { steps: request.stepIds.map(nameOf).join(', ') })}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {request.message}
              </Text>
              <Text size="xs" c="dimmed">
                {t('changeRequests.due', { date: when(request.dueAt) })}
              </Text>
              {request.answeredAt && (
                <Text size="xs" c="dimmed">
                  {t('changeRequests.answeredAt', { date: when(request.answeredAt) })}
                </Text>
              )}
              {request.withdrawnAt && (
                <Text size="xs" c="dimmed">
                  {t('changeRequests.withdrawnAt', { date: when(request.withdrawnAt) })}
                </Text>
              )}
              {admin && request.status === 'open' && (
                <Button size="xs" variant="subtle" color="red" mt={4} onClick={() => confirmWithdraw(request)}>
                  {t('changeRequests.withdraw.action')}
                </Button>
              )}
            </Paper>
          ))}
        </PlainList>
      )}
      {asking && (
        <RequestDialog
          submissionId={submissionId}
          steps={steps}
          nameOf={nameOf}
          onClose={() => setAsking(false)}
          onSent={focusHeading}
        />
      )}
    </Stack>
  );
}

export function RequestDialog({
  submissionId,
  steps,
  nameOf,
  onClose,
  onSent,
  report = false,
}: {
  submissionId: string;
  steps: ChangeRequestStep[];
  nameOf: (id: string) => string;
  onClose: () => void;
  /** After the request is sent and the dialog closed. */
  onSent?: () => void;
  /** A grant's report: the message goes to the grantee, about their report. */
  report?: boolean;
}) {
  const { t } = useTranslation();
  const requesting = useRequestChanges(submissionId);
  const [stepIds, setStepIds] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [due, setDue] = useState(() => dayjs().add(14, 'day').hour(23).minute(59).format(DATE_TIME_FIELD_FORMAT));
  const [error, setError] = useState<string | null>(null);

  const send = () => {
    const dueAt = dayjs(due);
    if (!stepIds.length) return setError(t('errors.changeRequests.noSteps'));
    if (!message.trim()) return setError(t('errors.changeRequests.noMessage'));
    if (!dueAt.isValid() || !dueAt.isAfter(dayjs())) return setError(t('errors.changeRequests.dueInPast'));
    setError(null);
    openConfirmDialog({
      title: t('changeRequests.confirm.title'),
      children: <Text size="sm">{t('changeRequests.confirm.text', { steps: stepIds.map(nameOf).join(', ') })}</Text>,
      labels: { confirm: t('changeRequests.confirm.yes'), cancel: t('changeRequests.cancel') },
      onConfirm: () =>
        requesting.mutate(
          { stepIds, message: message.trim(), dueAt: dueAt.toDate().toISOString() },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('changeRequests.done') });
              onClose();
              onSent?.();
            },
            onError: (err) => setError(problemText(t, err)),
          },
        ),
    });
  };

  return (
    <StackableModal opened onClose={onClose} title={t('changeRequests.dialogTitle')} size="lg">
      <Stack gap="md">
        <Checkbox.Group
          label={t('changeRequests.pickSteps')}
          description={t('changeRequests.pickStepsHelp')}
          required
          value={stepIds}
          onChange={setStepIds}
        >
          <Stack gap={6} mt="xs">
            {steps.map((step) => (
              <Checkbox key={step.id} value={step.id} label={nameOf(step.id)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Textarea
          label={t(report ? 'changeRequests.report.message' : 'changeRequests.message')}
          description={t(report ? 'changeRequests.report.messageHelp' : 'changeRequests.messageHelp')}
          required
          autosize
          minRows={3}
          maxLength={5000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        <DateTimeField
          label={t('changeRequests.dueLabel')}
          description={t('changeRequests.dueHelp')}
          required
          value={due}
          onChange={(value) => setDue(value ?? '')}
          clearable={false}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('changeRequests.cancel')}
          </Button>
          <Button onClick={send} loading={requesting.isPending}>
            {t('changeRequests.send')}
          </Button>
        </Group>
      </Stack>
    </StackableModal>
  );
}
