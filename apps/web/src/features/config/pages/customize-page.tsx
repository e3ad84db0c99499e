import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfigList } from '../components/config-list';
import { CustomizeGuard } from '../components/customize-guard';

/** /admin/customize (SPEC 2): the branding configurations. */
export function CustomizePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin">
          {t('admin.title')}
        </Anchor>
        <Text>{t('customize.title')}</Text>
      </Breadcrumbs>
      <Title order={1}>{t('customize.title')}</Title>
      <CustomizeGuard>
        <ConfigList />
      </CustomizeGuard>
    </Stack>
  );
}
