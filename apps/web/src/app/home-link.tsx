import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLogo } from '../components/brand-logo';
import type { useConfig } from '../lib/api/get-config';

/**
 * The logo link to the home page. Its accessible name is the site name it shows (WCAG 2.5.3,
 * label in name): the logo image is decorative next to the name, and on narrow screens the name
 * stays in the page for screen readers while only the logo is drawn.
 */
export function HomeLink({ config }: { config: ReturnType<typeof useConfig> }) {
  return (
    <UnstyledButton component={Link} to="/">
      <Group gap="sm" wrap="nowrap">
        <BrandLogo config={config} decorative />
        <Text fw={700} size="lg" className="name-below-xs-hidden">
          {config.name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
