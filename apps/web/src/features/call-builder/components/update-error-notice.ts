import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { errorMessage } from './labels';

/** A call's save failed: the server's reason, long enough on screen to read it. */
export function showUpdateError(t: TFunction, error: unknown) {
  notifications.show({
    color: 'red',
    title: t('callBuilder.notifications.updateError'),
    message: errorMessage(t, error),
    autoClose: 10_000,
  });
}
