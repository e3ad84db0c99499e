import { hasReviewerRole } from '@impact/domain';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
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

/**
 * For the side panel of a user without organizations (app/side-panel.tsx gives it to the
 * organizations' panel): a reviewer is shown where their reviews are rather than asked to register
 * an organization to apply, which someone who only reviews has no reason to (should they want to
 * apply, "Manage organizations" still gets there); anyone else sees `otherwise`, that request.
 */
export function ReviewerPanelPrompt({ roles, otherwise }: { roles: string[]; otherwise: ReactNode }) {
  const { t } = useTranslation();
  const reviewer = useIsReviewer(roles);
  if (reviewer === undefined) return <Skeleton height={60} />;
  if (!reviewer) return otherwise;
  return (
    <Stack gap="sm" data-testid="reviewer-panel-prompt">
      <Text size="sm">{t('review.mine.panelPrompt')}</Text>
      <Button component={Link} to="/review" fullWidth leftSection={<IconClipboardCheck size={16} aria-hidden />}>
        {t('review.mine.title')}
      </Button>
    </Stack>
  );
}
