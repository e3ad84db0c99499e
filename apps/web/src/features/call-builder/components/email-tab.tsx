import {
  CONTENT_TRANSLATION_LANGUAGES,
  DEFAULT_LANGUAGE,
  EMAIL_AUDIENCES,
  type TEmailAudience,
  type TEmailTranslations,
  type TLanguage,
} from '@impact/domain';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useRecipientCount } from '../api/recipient-count';
import { useSendEmail } from '../api/send-email';
import { errorMessage } from './labels';
import { RichTextField } from './rich-text-field';

type Texts = Record<TLanguage, { subject: string; html: string }>;
const EMPTY: Texts = { it: { subject: '', html: '' }, en: { subject: '', html: '' }, fr: { subject: '', html: '' } };
const hasText = (html: string) => html.replace(/<[^>]*>/g, '').trim() !== '';

/**
 * E-mail to the call's applicants (SPEC 7 SendEmail/SendEmail): one mail each, through the outbox,
 * in the language each reads. The editor's language switch picks which version is written; the
 * default language's is required, the others fall back to it where left empty.
 */
export function EmailTab({ callId, language = DEFAULT_LANGUAGE }: { callId: string; language?: TLanguage }) {
  const { t } = useTranslation();
  const [audience, setAudience] = useState<TEmailAudience>('all');
  const [texts, setTexts] = useState<Texts>(EMPTY);
  const { subject, html } = texts[language];
  const setSubject = (value: string) =>
    setTexts((all) => ({ ...all, [language]: { ...all[language], subject: value } }));
  const setHtml = (value: string) => setTexts((all) => ({ ...all, [language]: { ...all[language], html: value } }));
  // A message being written and not sent is what leaving would lose.
  useUnsavedChanges(Object.values(texts).some((v) => v.subject.trim() !== '' || hasText(v.html)));
  const count = useRecipientCount(callId, audience);
  const send = useSendEmail();
  const recipients = count.data ?? 0;
  const base = texts[DEFAULT_LANGUAGE];
  const ready = base.subject.trim() !== '' && hasText(base.html) && recipients > 0;
  const translations: TEmailTranslations = Object.fromEntries(
    CONTENT_TRANSLATION_LANGUAGES.flatMap((l) => {
      const version = texts[l];
      const written = {
        ...(version.subject.trim() ? { subject: version.subject } : {}),
        ...(hasText(version.html) ? { html: version.html } : {}),
      };
      return Object.keys(written).length ? [[l, written]] : [];
    }),
  );

  const confirm = () =>
    openConfirmDialog({
      title: t('callBuilder.email.confirmTitle'),
      children: <Text size="sm">{t('callBuilder.email.confirmText', { count: recipients })}</Text>,
      labels: { confirm: t('callBuilder.email.send'), cancel: t('callBuilder.cancel') },
      onConfirm: () =>
        send.mutate(
          { callId, audience, subject: base.subject, html: base.html, translations },
          {
            onSuccess: (r) => {
              notifications.show({ color: 'teal', message: t('callBuilder.email.sent', { count: r.queued }) });
              setTexts(EMPTY);
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
        {language !== DEFAULT_LANGUAGE && (
          <Text size="sm">
            {t('callBuilder.email.inLanguage', { language: t(`callBuilder.email.languages.${language}`) })}
          </Text>
        )}
        <TextInput
          label={t('callBuilder.email.subject')}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          required={language === DEFAULT_LANGUAGE}
          placeholder={language === DEFAULT_LANGUAGE ? undefined : base.subject}
          maxLength={200}
        />
        <RichTextField
          label={t('callBuilder.email.message')}
          key={language}
          value={html}
          onChange={setHtml}
          required={language === DEFAULT_LANGUAGE}
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
