import type { TUser } from '@impact/domain';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserMenuLink } from '../../../components/user-menu';
import { useShowsReviews } from './use-shows-reviews';

/** "My reviews" in the user menu (app/layout.tsx adds it), for reviewers only. */
export function ReviewsMenuLink({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const showsReviews = useShowsReviews(user.roles);
  if (!showsReviews) return null;
  return (
    <UserMenuLink to="/review" icon={<IconClipboardCheck size={16} aria-hidden />}>
      {t('review.mine.title')}
    </UserMenuLink>
  );
}
