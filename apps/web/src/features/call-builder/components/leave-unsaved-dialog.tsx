import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Blocker, useBlocker } from 'react-router';

export type LeaveGuard = {
  blocker: Blocker;
  /** The parts asked about when the page was about to be left (kept while the dialog shows). */
  parts: readonly string[];
  /** Says a part is settled (saved, or given up on purpose) for the navigation that follows. */
  settle: (part: string) => void;
  /** Stays on the page: the navigation is dropped and every part counts again; the first part asked about. */
  stay: () => string | undefined;
};

/**
 * Asks before the page is left (a link, Back, a Save that goes to the list, closing the tab)
 * while `parts` hold changes not saved. Changing only the address's query (the tab shown) is
 * not leaving. The check reads the parts as they are at the moment of leaving: a save's success
 * settles its part just before it navigates, in the same turn, before the page draws again.
 */
export function useLeaveGuard(parts: readonly string[]): LeaveGuard {
  const now = useRef(parts);
  now.current = parts;
  const settled = useRef(new Set<string>());
  const open = () => now.current.filter((p) => !settled.current.has(p));
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && open().length > 0,
  );
  // The browser asks on its own (in its own words) when the tab is closed or reloaded.
  useEffect(() => {
    if (parts.length === 0) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [parts.length]);
  const asked = useRef<readonly string[]>([]);
  if (blocker.state === 'blocked' && asked.current.length === 0) asked.current = open();
  if (blocker.state !== 'blocked') asked.current = [];
  return {
    blocker,
    parts: asked.current,
    settle: (part) => {
      settled.current.add(part);
    },
    stay: () => {
      const first = asked.current[0];
      settled.current.clear();
      blocker.reset?.();
      return first;
    },
  };
}

/**
 * The question the guard asks: which parts hold changes not saved, stay (to the first of them)
 * or leave without them. Staying is the default and what Escape does.
 */
export function LeaveUnsavedDialog({
  guard,
  labels,
  onStay,
}: {
  guard: LeaveGuard;
  labels: Record<string, string>;
  onStay: (firstPart: string) => void;
}) {
  const { t } = useTranslation();
  const { blocker, parts } = guard;
  const stay = () => {
    const first = guard.stay();
    if (first) onStay(first);
  };
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={stay} title={t('callBuilder.unsaved.title')} size="md">
      <Stack>
        <Text size="sm">{t('callBuilder.unsaved.intro')}</Text>
        <List size="sm">
          {parts.map((part) => (
            <List.Item key={part}>{labels[part] ?? part}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button color="red" variant="outline" onClick={() => blocker.proceed?.()}>
            {t('callBuilder.unsaved.leave')}
          </Button>
          <Button onClick={stay} data-autofocus>
            {t('callBuilder.unsaved.stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
