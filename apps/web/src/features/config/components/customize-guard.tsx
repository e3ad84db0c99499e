import { Alert, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCustomize } from '../api/can-customize';

/**
 * Renders its children only for admins the server lets customise. Others see why instead of
 * calling endpoints that would answer 403 (which ends the session, SPEC 4).
 */
export function CustomizeGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const can = useCanCustomize();
  if (can.isPending) {
    return (
      <Center mih={120}>
        <Loader aria-label={t('customize.loading')} />
      </Center>
    );
  }
  if (!can.data?.canCustomize) {
    return (
      <Alert color="orange" title={t('customize.notAllowedTitle')}>
        {t('customize.notAllowed', { domain: can.data?.domain ?? '' })}
      </Alert>
    );
  }
  return children;
}
