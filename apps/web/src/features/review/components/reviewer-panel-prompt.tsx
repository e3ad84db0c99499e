import { hasReviewerRole } from '@impact/domain';
import { Button, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyAssignments } from '../api/reviewer';

/**
 * Whether the user reviews (by role or by assignments); undefined while their assignments load.
 * A reviewer without organizations is pointed to their reviews, not asked to register one to apply.
 */
export function useIsReviewer(roles: string[]): boolean | undefined {
  const mine = useMyAssignments();
  if (hasReviewerRole(roles)) return true;
  if (mine.isPending) return undefined;
  return Boolean(mine.data?.length);
}

/** For the side panel of a reviewer without organizations: where their reviews are. */
export function ReviewerPanelPrompt() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="reviewer-panel-prompt">
      <Text size="sm">{t('review.mine.panelPrompt')}</Text>
      <Button component={Link} to="/review" fullWidth leftSection={<IconClipboardCheck size={16} aria-hidden />}>
        {t('review.mine.title')}
      </Button>
    </Stack>
  );
}
