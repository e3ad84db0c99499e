import { Alert, Button, Card, Checkbox, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetEverythingOf } from '../../../lib/kept-in-browser';
import { endSessionLocally } from '../../../lib/session';
import { getSession } from '../../../lib/session-store';
import { deleteMyAccount, exportMyData, failureKey } from '../api/privacy-requests';

/**
 * /privacy: the person's own data-protection rights (GDPR art. 15, 17, 20): download everything
 * held about them, or delete the account after ticking that they understand what stays.
 */
export function MyDataPage() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const download = useMutation({ mutationFn: exportMyData });
  const remove = useMutation({
    mutationFn: deleteMyAccount,
    onSuccess: () => {
      // The server ended every session and removed the sign-in account: forget this one, and what
      // the browser kept for the person, and leave.
      const session = getSession();
      if (session.status === 'authenticated') forgetEverythingOf(session.user.id);
      endSessionLocally();
      window.location.assign('/?accountDeleted=1');
    },
  });
  const close = () => {
    setConfirming(false);
    setUnderstood(false);
    remove.reset();
  };

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>{t('privacy.mine.title')}</Title>
        <Text c="dimmed">{t('privacy.mine.intro')}</Text>
      </Stack>

      <Card withBorder padding="lg" component="section" aria-labelledby="privacy-export">
        <Stack gap="sm">
          <Title order={2} size="h3" id="privacy-export">
            {t('privacy.mine.export.title')}
          </Title>
          <Text>{t('privacy.mine.export.text')}</Text>
          {download.isError && (
            <Alert color="red" role="alert">
              {t(failureKey(download.error))}
            </Alert>
          )}
          <Group>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={download.isPending}
              onClick={() => download.mutate()}
            >
              {t('privacy.mine.export.button')}
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="privacy-delete">
        <Stack gap="sm">
          <Title order={2} size="h3" id="privacy-delete">
            {t('privacy.mine.delete.title')}
          </Title>
          <Text>{t('privacy.mine.delete.text')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('privacy.mine.delete.erased')}</List.Item>
            <List.Item>{t('privacy.mine.delete.kept')}</List.Item>
            <List.Item>{t('privacy.mine.delete.signIn')}</List.Item>
          </List>
          <Group>
            <Button
              color="red"
              variant="outline"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('privacy.mine.delete.button')}
            </Button>
          </Group>
        </Stack>
      </Card>

      <Modal opened={confirming} onClose={close} title={t('privacy.mine.confirm.title')} centered>
        <Stack gap="md">
          <Text size="sm">{t('privacy.mine.confirm.text')}</Text>
          <Checkbox
            checked={understood}
            onChange={(e) => setUnderstood(e.currentTarget.checked)}
            label={t('privacy.mine.confirm.understood')}
          />
          {remove.isError && (
            <Alert color="red" role="alert">
              {t(failureKey(remove.error))}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('privacy.mine.confirm.cancel')}
            </Button>
            <Button color="red" disabled={!understood} loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('privacy.mine.confirm.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
