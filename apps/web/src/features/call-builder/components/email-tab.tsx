import { EMAIL_AUDIENCES, type TEmailAudience } from '@impact/domain';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { useRecipientCount } from '../api/recipient-count';
import { useSendEmail } from '../api/send-email';
import { errorMessage } from './labels';
import { RichTextField } from './rich-text-field';

/** E-mail to the call's applicants (SPEC 7 SendEmail/SendEmail): one mail each, through the outbox. */
export function EmailTab({ callId }: { callId: string }) {
  const { t } = useTranslation();
  const [audience, setAudience] = useState<TEmailAudience>('all');
  const [subject, setSubject] = useState('');
  const [html, setHtml] = useState('');
  const count = useRecipientCount(callId, audience);
  const send = useSendEmail();
  const recipients = count.data ?? 0;
  const ready = subject.trim() !== '' && html.replace(/<[^>]*>/g, '').trim() !== '' && recipients > 0;

  const confirm = () =>
    openConfirmDialog({
      title: t('callBuilder.email.confirmTitle'),
      children: <Text size="sm">{t('callBuilder.email.confirmText', { count: recipients })}</Text>,
      labels: { confirm: t('callBuilder.email.send'), cancel: t('callBuilder.cancel') },
      onConfirm: () =>
        send.mutate(
          { callId, audience, subject, html },
          {
            onSuccess: (r) => {
              notifications.show({ color: 'teal', message: t('callBuilder.email.sent', { count: r.queued }) });
              setSubject('');
              setHtml('');
            },
            onError: (e) =>
              notifications.show({ color: 'red', title: t('callBuilder.email.error'), message: errorMessage(t, e) }),
          },
        ),
    });

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('callBuilder.email.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('callBuilder.email.intro')}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="email-audience-label">
            {t('callBuilder.email.audience')}
          </Text>
          <SegmentedControl
            aria-labelledby="email-audience-label"
            value={audience}
            onChange={(v) => setAudience(v as TEmailAudience)}
            data={EMAIL_AUDIENCES.map((a) => ({ value: a, label: t(`callBuilder.email.audiences.${a}`) }))}
            w="fit-content"
          />
        </Stack>
        <Alert
          variant="light"
          color={recipients > 0 ? 'blue' : 'gray'}
          icon={<IconUsers size={18} />}
          data-testid="recipient-count"
        >
          {count.isPending ? t('callBuilder.loading') : t('callBuilder.email.recipients', { count: recipients })}
        </Alert>
        <TextInput
          label={t('callBuilder.email.subject')}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          required
          maxLength={200}
        />
        <RichTextField
          label={t('callBuilder.email.message')}
          value={html}
          onChange={setHtml}
          required
          minHeight={180}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconMail size={16} aria-hidden />}
            onClick={confirm}
            disabled={!ready}
            loading={send.isPending}
          >
            {t('callBuilder.email.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
