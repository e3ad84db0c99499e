import { hasReviewerRole } from '@impact/domain';
import { Menu } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyAssignments } from '../api/reviewer';

/** "My reviews" in the user menu, for reviewers only: those with the role or with assignments. */
export function ReviewsMenuItem({ roles }: { roles: string[] }) {
  const { t } = useTranslation();
  const mine = useMyAssignments();
  if (!hasReviewerRole(roles) && !mine.data?.length) return null;
  return (
    <Menu.Item component={Link} to="/review" leftSection={<IconClipboardCheck size={16} />}>
      {t('review.mine.title')}
    </Menu.Item>
  );
}
