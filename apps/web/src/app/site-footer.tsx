import { Anchor, Box, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The page footer (the contentinfo landmark), on every page, signed in or not: it links the
 * accessibility statement, which public bodies must make reachable from every page. It sits
 * beside the side panel, not under it. `inert`: behind the side panel opened over the page on a
 * phone.
 */
export function SiteFooter({ inert = false }: { inert?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      inert={inert}
      py="md"
      style={{
        paddingInline: 'var(--mantine-spacing-md)',
        marginInlineStart: 'var(--app-shell-navbar-offset, 0rem)',
        borderTop: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Group justify="center" gap="lg">
        <Anchor component={Link} to="/accessibility" size="sm">
          {t('accessibilityStatement.footerLink')}
        </Anchor>
      </Group>
    </Box>
  );
}
