import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Blocker, useBlocker } from 'react-router';

export type LeaveGuard = {
  blocker: Blocker;
  /** The parts asked about when the page was about to be left (kept while the dialog shows). */
  parts: readonly string[];
  /** Says a part is settled (saved, or given up on purpose) for the navigation that follows. */
  settle: (part: string) => void;
  /** Says every part is settled: what is left is given up as a whole. */
  settleAll: () => void;
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
  const settled = useRef<Set<string> | 'all'>(new Set());
  // Reads refs only: the parts unsettled at the moment it is called.
  const open = useCallback(() => {
    const done = settled.current;
    return done === 'all' ? [] : now.current.filter((p) => !done.has(p));
  }, []);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && open().length > 0,
  );
  // The browser asks on its own (in its own words) when the tab is closed or reloaded.
  useEffect(() => {
    if (parts.length === 0) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers before the standard's preventDefault ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [parts.length]);
  // The parts as they were when the navigation was stopped: the dialog's list does not change under it.
  const [asked, setAsked] = useState<readonly string[]>([]);
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    setAsked(blocked ? open() : []);
  }, [blocked, open]);
  return {
    blocker,
    parts: asked,
    settle: (part) => {
      if (settled.current !== 'all') settled.current.add(part);
    },
    settleAll: () => {
      settled.current = 'all';
    },
    stay: () => {
      const first = asked[0];
      settled.current = new Set();
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
    <Modal
      opened={blocker.state === 'blocked' && parts.length > 0}
      onClose={stay}
      title={t('callBuilder.unsaved.title')}
      size="md"
    >
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
