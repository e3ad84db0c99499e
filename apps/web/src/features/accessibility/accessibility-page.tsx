import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/api/get-config';
import { dateFormat } from '../../lib/date-formats';
import { usePageTitle } from '../../lib/page-title';

/** The day the statement was last reviewed: change it whenever its content changes. */
const PREPARED_ON = '2026-11-30';
const TESTS = ['axe', 'keyboard', 'reflow', 'textSize'] as const;
const LIMITATIONS = ['surveyRequired', 'callLanguage'] as const;

/**
 * /accessibility — the accessibility statement public bodies must publish (Directive (EU)
 * 2016/2102, EN 301 549): conformance status, how it is tested, known limitations, a contact and
 * the date. Public, like the welcome page: someone who cannot sign in must be able to read it.
 */
export function AccessibilityPage() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  usePageTitle(t('accessibilityStatement.title'));
  const prepared = dateFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${PREPARED_ON}T12:00:00Z`),
  );
  return (
    <Stack gap="lg" maw={760} mx="auto" py="md">
      <Title order={1}>{t('accessibilityStatement.title')}</Title>
      <Text>{t('accessibilityStatement.intro', { name: config.name })}</Text>

      <Stack gap="xs" component="section">
        <Title order={2}>{t('accessibilityStatement.status.title')}</Title>
        <Text>{t('accessibilityStatement.status.text')}</Text>
      </Stack>

      <Stack gap="xs" component="section">
        <Title order={2}>{t('accessibilityStatement.testing.title')}</Title>
        <Text>{t('accessibilityStatement.testing.intro')}</Text>
        <List spacing="xs">
          {TESTS.map((test) => (
            <List.Item key={test}>{t(`accessibilityStatement.testing.${test}`)}</List.Item>
          ))}
        </List>
        <Text>{t('accessibilityStatement.testing.method')}</Text>
      </Stack>

      <Stack gap="xs" component="section">
        <Title order={2}>{t('accessibilityStatement.limitations.title')}</Title>
        <Text>{t('accessibilityStatement.limitations.intro')}</Text>
        {LIMITATIONS.map((limitation) => (
          <Stack gap={4} key={limitation}>
            <Title order={3} size="h4">
              {t(`accessibilityStatement.limitations.${limitation}.title`)}
            </Title>
            <Text>{t(`accessibilityStatement.limitations.${limitation}.text`)}</Text>
          </Stack>
        ))}
      </Stack>

      <Stack gap="xs" component="section">
        <Title order={2}>{t('accessibilityStatement.contact.title')}</Title>
        <Text>{t('accessibilityStatement.contact.text')}</Text>
        <Text>{t('accessibilityStatement.contact.enforcement')}</Text>
      </Stack>

      <Stack gap="xs" component="section">
        <Title order={2}>{t('accessibilityStatement.prepared.title')}</Title>
        <Text>{t('accessibilityStatement.prepared.text', { date: prepared })}</Text>
      </Stack>
    </Stack>
  );
}
