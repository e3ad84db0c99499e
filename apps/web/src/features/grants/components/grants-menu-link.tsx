import { IconAward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserMenuLink } from '../../../components/user-menu';

/** "Grants" in the user menu: the grants of the caller's organizations. */
export function GrantsMenuLink() {
  const { t } = useTranslation();
  return (
    <UserMenuLink to="/grants" icon={<IconAward size={16} aria-hidden />}>
      {t('grants.mine.title')}
    </UserMenuLink>
  );
}
