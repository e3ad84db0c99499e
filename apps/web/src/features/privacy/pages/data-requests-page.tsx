import type { TErasureReport } from '@impact/domain';
import { ZDataSubjectEmail } from '@impact/domain';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { eraseUserData, exportUserData, failureKey } from '../api/privacy-requests';

/** /admin/data-requests: answering a data subject's request (access or erasure) for a given e-mail. */
export function DataRequestsPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const [report, setReport] = useState<{ email: string; report: TErasureReport } | null>(null);
  const parsed = ZDataSubjectEmail.safeParse({ email });
  const fieldError = touched && !parsed.success ? t('errors.privacy.invalidEmail') : null;
  const download = useMutation({ mutationFn: exportUserData });
  const erase = useMutation({
    mutationFn: eraseUserData,
    onSuccess: (result, erased) => {
      setReport({ email: erased, report: result });
      setConfirming(false);
      setUnderstood(false);
      setEmail('');
      setTouched(false);
    },
  });
  const target = parsed.success ? parsed.data.email : '';
  const act = (run: () => void) => {
    setTouched(true);
    if (parsed.success) run();
  };
  const failure = download.error ?? erase.error;

  return (
    <Stack gap="lg" maw={760}>
      <Breadcrumbs>
        <Anchor component={Link} to="/admin">
          {t('admin.title')}
        </Anchor>
        <Text>{t('privacy.requests.title')}</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>{t('privacy.requests.title')}</Title>
        <Text c="dimmed">{t('privacy.requests.intro')}</Text>
      </Stack>
      <Card withBorder padding="lg">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            act(() => download.mutate(target));
          }}
        >
          <Stack gap="md">
            <TextInput
              type="email"
              autoComplete="off"
              label={t('privacy.requests.email')}
              description={t('privacy.requests.emailHint')}
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                download.reset();
                erase.reset();
              }}
              onBlur={() => setTouched(email !== '')}
              error={fieldError}
              required
            />
            {failure && (
              <Alert color="red" role="alert">
                {t(failureKey(failure))}
              </Alert>
            )}
            <Group>
              <Button type="submit" leftSection={<IconDownload size={16} aria-hidden />} loading={download.isPending}>
                {t('privacy.requests.export')}
              </Button>
              <Button
                color="red"
                variant="outline"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => act(() => setConfirming(true))}
              >
                {t('privacy.requests.erase')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      {report && (
        <Alert color="teal" role="status" title={t('privacy.requests.done.title', { email: report.email })}>
          <List size="sm" spacing={2}>
            {report.report.pseudonym && (
              <List.Item>{t('privacy.requests.done.pseudonym', { name: report.report.pseudonym })}</List.Item>
            )}
            <List.Item>{t('privacy.requests.done.drafts', { count: report.report.draftsDeleted })}</List.Item>
            <List.Item>{t('privacy.requests.done.kept', { count: report.report.submissionsKept })}</List.Item>
            <List.Item>{t('privacy.requests.done.files', { count: report.report.filesDeleted })}</List.Item>
          </List>
        </Alert>
      )}

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('privacy.requests.confirm.title')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('privacy.requests.confirm.text', { email: target })}</Text>
          <Checkbox
            checked={understood}
            onChange={(e) => setUnderstood(e.currentTarget.checked)}
            label={t('privacy.requests.confirm.understood')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('privacy.mine.confirm.cancel')}
            </Button>
            <Button color="red" disabled={!understood} loading={erase.isPending} onClick={() => erase.mutate(target)}>
              {t('privacy.requests.confirm.erase')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
