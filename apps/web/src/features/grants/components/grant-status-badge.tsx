import type { TGrantStatus } from '@impact/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TGrantStatus, string> = {
  draft: 'gray',
  awaitingAcceptance: 'yellow',
  active: 'teal',
  declined: 'red',
  closed: 'blue',
};

export function GrantStatusBadge({ status }: { status: TGrantStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOR[status]}>
      {t(`grants.status.${status}`)}
    </Badge>
  );
}
