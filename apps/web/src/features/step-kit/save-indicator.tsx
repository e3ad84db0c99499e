import { Badge, Group, Loader, Text } from '@mantine/core';
import { IconCheck, IconCloud, IconCloudOff, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { problemText } from '../../lib/problem-text';
import type { SaveStatus } from './use-autosave';

/**
 * Always tells the applicant whether their words are safe, and when a save was refused, why (the
 * server's own words: "Saving failed" alone left the person guessing which answer to mend).
 */
export function SaveIndicator({
  status,
  failure,
  labelOf,
  held = 0,
}: {
  status: SaveStatus;
  failure?: unknown;
  /** The name of the field a refusal's path points at (a step with several questions names it). */
  labelOf?: (path: string) => string | undefined;
  /**
   * Answers shown but held back until mended (too long, not a number): "Saved" would then say
   * the person's words are safe while those are not; the badge says how many wait instead.
   */
  held?: number;
}) {
  const { t } = useTranslation();
  const path = failure instanceof ApiError ? failure.problem.errors?.[0]?.path : undefined;
  const field = path ? labelOf?.(path) : undefined;
  const reason =
    failure === null || failure === undefined
      ? ''
      : field
        ? t('applying.save.failedOn', { field, reason: problemText(t, failure) })
        : problemText(t, failure);
  const look = {
    empty: { color: 'gray', icon: <IconCloud size={14} /> },
    saved: { color: 'teal', icon: <IconCheck size={14} /> },
    dirty: { color: 'gray', icon: <IconPencil size={14} /> },
    saving: { color: 'blue', icon: <Loader size={10} /> },
    offline: { color: 'orange', icon: <IconCloudOff size={14} /> },
    busy: { color: 'orange', icon: <IconCloudOff size={14} /> },
    conflict: { color: 'red', icon: <IconCloudOff size={14} /> },
    closed: { color: 'red', icon: <IconCloudOff size={14} /> },
    error: { color: 'red', icon: <IconCloudOff size={14} /> },
  }[status];
  const holding = held > 0 && (status === 'saved' || status === 'empty' || status === 'dirty' || status === 'saving');
  // One live region, always there, so each change of its words is read out (the reason with them).
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end" role="status" aria-live="polite">
      {status === 'error' && reason && (
        <Text size="sm" c="red.8" data-testid="save-failure">
          {reason}
        </Text>
      )}
      {holding ? (
        <Badge
          variant="light"
          color="orange"
          leftSection={<IconCloudOff size={14} />}
          data-testid="save-status"
          data-status="held"
        >
          {t('applying.save.held', { count: held })}
        </Badge>
      ) : (
        <Badge
          variant="light"
          color={look.color}
          leftSection={look.icon}
          data-testid="save-status"
          data-status={status}
        >
          {t(`applying.save.${status}`)}
        </Badge>
      )}
    </Group>
  );
}
