import type { modals } from '@mantine/modals';
import { useEffect, useSyncExternalStore } from 'react';

type ConfirmOptions = Parameters<typeof modals.openConfirmModal>[0];

/**
 * Confirmation dialogs without their code in the first load. Mantine's modals are
 * drawn by a provider that listens for `modals.openConfirmModal` calls and drops the calls made
 * before it is mounted; the app mounts it (lazily, in its own chunk) once the page is idle or as
 * soon as a dialog is asked for, and a dialog asked for earlier waits for it instead of being lost.
 */
let wanted = false;
let mounted = false;
let failed = false;
const listeners = new Set<() => void>();
const waiting: (() => void)[] = [];

export function openConfirmDialog(options: ConfirmOptions) {
  const open = () => {
    if (failed) return askTheBrowser(options);
    void import('@mantine/modals').then((m) => m.modals.openConfirmModal(options));
  };
  if (mounted || failed) return open();
  waiting.push(open);
  wantDialogs();
}

/**
 * The dialogs' chunk could not be fetched (a dropped connection): the question is still asked,
 * by the browser's own confirm box, rather than the button doing nothing.
 */
function askTheBrowser(options: ConfirmOptions) {
  const question = typeof options.title === 'string' ? options.title : '';
  if (window.confirm(question)) options.onConfirm?.();
  else options.onCancel?.();
}

/** Called by the app when the dialogs' chunk failed to load: waiting and later dialogs fall back. */
export function dialogsUnavailable() {
  failed = true;
  for (const open of waiting.splice(0)) open();
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
