import { hasReviewerRole } from '@impact/domain';
import { Button, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyAssignments } from '../api/reviewer';

/**
 * For the side panel of a user without organizations: a reviewer (by role or by assignments) is
 * pointed to their reviews rather than only asked to register an organization they may not have.
 * Renders nothing for anyone else.
 */
export function ReviewerPanelPrompt({ roles }: { roles: string[] }) {
  const { t } = useTranslation();
  const mine = useMyAssignments();
  if (!hasReviewerRole(roles) && !mine.data?.length) return null;
  return (
    <Stack gap="sm" data-testid="reviewer-panel-prompt">
      <Text size="sm">{t('review.mine.panelPrompt')}</Text>
      <Button component={Link} to="/review" fullWidth leftSection={<IconClipboardCheck size={16} aria-hidden />}>
        {t('review.mine.title')}
      </Button>
    </Stack>
  );
}
