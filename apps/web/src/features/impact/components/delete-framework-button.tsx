import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { useDeleteFramework } from '../api/frameworks';

/** Delete with confirmation; the server refuses while a call step uses the framework. */
export function DeleteFrameworkButton({
  id,
  name,
  compact,
  onDeleted,
}: {
  id: string;
  name: string;
  compact?: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteFramework();
  const confirm = () =>
    openConfirmDialog({
      title: t('impact.admin.deleteTitle'),
      children: <Text size="sm">{t('impact.admin.deleteText', { name })}</Text>,
      labels: { confirm: t('impact.admin.delete'), cancel: t('impact.admin.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(id);
          notifications.show({ color: 'teal', message: t('impact.admin.deleted') });
          onDeleted?.();
        } catch (err) {
          notifications.show({
            color: 'red',
            message: t(err instanceof ApiError ? err.problem.messageKey : 'errors.unexpected'),
          });
        }
      },
    });
  if (compact) {
    return (
      <Tooltip label={t('impact.admin.delete')}>
        <ActionIcon variant="subtle" color="red" onClick={confirm} aria-label={t('impact.admin.deleteNamed', { name })}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={confirm}>
      {t('impact.admin.delete')}
    </Button>
  );
}
