import { LANGUAGES, type TLanguage, type TStageInvitationPreview } from '@impact/domain';
import { Alert, Button, Group, Modal, Paper, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../components/date-time-field';
import { DATE_TIME, DATE_TIME_FIELD_FORMAT, dateFormat } from '../../lib/date-formats';
import { problemText } from '../../lib/problem-text';
import { useInviteToStage, usePreviewStageInvitation } from './api';

type Props = {
  callId: string;
  /** The submissions to invite, with their organizations' names for the dialog's text. */
  invitees: Array<{ id: string; organizationName: string }>;
  onClose: () => void;
  onInvited: () => void;
};

const LANGUAGE_NAMES: Record<TLanguage, string> = { it: 'Italiano', en: 'English', fr: 'Français' };

/**
 * The invitation to a call's second stage (docs/decisions/0034): the deadline, the message in each
 * language, then the mail exactly as each organization will read it in it, en and fr, and who
 * else will hear their outcome, before anything is sent.
 */
export function InviteDialog({ callId, invitees, onClose, onInvited }: Props) {
  const { t, i18n } = useTranslation();
  const [deadline, setDeadline] = useState(() =>
    dayjs().add(21, 'day').hour(23).minute(59).format(DATE_TIME_FIELD_FORMAT),
  );
  const [message, setMessage] = useState<Record<TLanguage, string>>({ it: '', en: '', fr: '' });
  const [preview, setPreview] = useState<TStageInvitationPreview | null>(null);
  const previewing = usePreviewStageInvitation();
  const inviting = useInviteToStage();
  const [error, setError] = useState<string | null>(null);

  const closingAt = dayjs(deadline);
  const request = () => ({
    callId,
    submissionIds: invitees.map((i) => i.id),
    stage: 2 as const,
    closingAt: closingAt.isValid() ? closingAt.toDate().toISOString() : '',
    message,
  });
  // Any change asks for a new preview: what is sent is what was read.
  const changed = () => {
    setPreview(null);
    setError(null);
  };
  const showPreview = () => {
    if (!closingAt.isValid()) return setError(t('errors.stages.closingInPast'));
    previewing.mutate(request(), {
      onSuccess: setPreview,
      onError: (err) => setError(problemText(t, err)),
    });
  };
  const send = () =>
    inviting.mutate(request(), {
      onSuccess: (done) => {
        notifications.show({
          color: 'teal',
          // The others' outcome is named only when there is one to send.
          message: [
            t('adminSubmissions.invite.done', { count: done.invited }),
            ...(done.outcomesQueued ? [t('adminSubmissions.invite.othersTold', { count: done.outcomesQueued })] : []),
          ].join(' '),
        });
        onInvited();
      },
      onError: (err) => setError(problemText(t, err)),
    });

  const names = invitees.map((i) => i.organizationName).join(', ');
  return (
    <Modal opened onClose={onClose} title={t('adminSubmissions.invite.title')} size="lg">
      <Stack gap="md">
        <Text size="sm">{t('adminSubmissions.invite.who', { count: invitees.length, names })}</Text>
        <DateTimeField
          label={t('adminSubmissions.invite.deadline')}
          description={t('adminSubmissions.invite.deadlineHelp')}
          required
          value={deadline}
          onChange={(value) => {
            setDeadline(value ?? '');
            changed();
          }}
          clearable={false}
        />
        {LANGUAGES.map((language) => (
          <Textarea
            key={language}
            label={t('adminSubmissions.invite.message', { language: LANGUAGE_NAMES[language] })}
            lang={language}
            autosize
            minRows={2}
            maxLength={5000}
            value={message[language]}
            onChange={(e) => {
              const text = e.currentTarget.value;
              setMessage((m) => ({ ...m, [language]: text }));
              changed();
            }}
          />
        ))}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {preview && (
          <Stack gap="xs" data-testid="invite-preview">
            <Text fw={600}>{t('adminSubmissions.invite.previewTitle')}</Text>
            <Tabs defaultValue={LANGUAGES.includes(i18n.language as TLanguage) ? i18n.language : 'it'}>
              <Tabs.List>
                {LANGUAGES.map((language) => (
                  <Tabs.Tab key={language} value={language}>
                    {LANGUAGE_NAMES[language]}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {LANGUAGES.map((language) => (
                <Tabs.Panel key={language} value={language} pt="xs" lang={language}>
                  <Paper withBorder p="sm" data-testid={`invite-preview-${language}`}>
                    <Text fw={600} size="sm">
                      {preview.mails[language].subject}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {preview.mails[language].text}
                    </Text>
                  </Paper>
                </Tabs.Panel>
              ))}
            </Tabs>
            <Text size="sm" data-testid="invite-outcomes">
              {preview.outcomes === 0
                ? t('adminSubmissions.invite.noOutcomes')
                : preview.outcomesSendAt
                  ? t('adminSubmissions.invite.outcomesAt', {
                      count: preview.outcomes,
                      date: dateFormat(i18n.language, DATE_TIME).format(new Date(preview.outcomesSendAt)),
                    })
                  : t('adminSubmissions.invite.outcomesNow', { count: preview.outcomes })}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('adminSubmissions.cancel')}
          </Button>
          {preview ? (
            <Button onClick={send} loading={inviting.isPending} data-testid="invite-send">
              {t('adminSubmissions.invite.send', { count: invitees.length })}
            </Button>
          ) : (
            <Button onClick={showPreview} loading={previewing.isPending} data-testid="invite-preview-button">
              {t('adminSubmissions.invite.preview')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
