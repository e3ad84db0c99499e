import type { modals } from '@mantine/modals';
import { useEffect, useSyncExternalStore } from 'react';

type ConfirmOptions = Parameters<typeof modals.openConfirmModal>[0];

/**
 * Confirmation dialogs without their code in the first load (issue 16). Mantine's modals are
 * drawn by a provider that listens for `modals.openConfirmModal` calls and drops the calls made
 * before it is mounted; the app mounts it (lazily, in its own chunk) once the page is idle or as
 * soon as a dialog is asked for, and a dialog asked for earlier waits for it instead of being lost.
 */
let wanted = false;
let mounted = false;
const listeners = new Set<() => void>();
const waiting: (() => void)[] = [];

export function openConfirmDialog(options: ConfirmOptions) {
  const open = () => void import('@mantine/modals').then((m) => m.modals.openConfirmModal(options));
  if (mounted) return open();
  waiting.push(open);
  wantDialogs();
}

/** Asks the app to mount the dialogs' provider (the page is idle, or a dialog is wanted). */
export function wantDialogs() {
  if (wanted) return;
  wanted = true;
  for (const l of listeners) l();
}

export function useDialogsWanted(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
  );
}

/** Rendered inside the lazy provider: its effect runs after the provider's own listeners are set. */
export function DialogsMounted() {
  useEffect(() => {
    mounted = true;
    for (const open of waiting.splice(0)) open();
  }, []);
  return null;
}
