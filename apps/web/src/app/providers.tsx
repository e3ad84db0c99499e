import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogsMounted, dialogsUnavailable, useDialogsWanted, wantDialogs } from '../lib/confirm-dialog';
import { whenIdle } from '../lib/when-idle';
import { cssVariablesResolver, withCloseLabels } from './theme';

/**
 * The dialogs' provider, in its own chunk (lib/confirm-dialog.tsx says when it is mounted). A chunk
 * that fails to arrive must not take the page down with it (it sits above the router's error page):
 * nothing is drawn and the dialogs fall back to the browser's confirm box.
 */
type Loaded = { default: () => ReactNode };
const ConfirmDialogs = lazy(() =>
  import('@mantine/modals').then<Loaded, Loaded>(
    (m) => ({
      default: () => (
        <m.ModalsProvider>
          <DialogsMounted />
        </m.ModalsProvider>
      ),
    }),
    () => {
      dialogsUnavailable();
      return { default: () => null };
    },
  ),
);

/** Once the first page has settled, the dialogs are fetched, before anyone asks for one. */
function useWantDialogsWhenIdle() {
  useEffect(() => whenIdle(wantDialogs), []);
}

/**
 * Its own component so that mounting the dialogs re-renders only this: a re-render of Providers
 * gives MantineProvider a new context value, and every Mantine component on the page renders again
 * (~90 ms of a slow phone's main thread after the first paint).
 */
function LazyConfirmDialogs() {
  useWantDialogsWhenIdle();
  const dialogs = useDialogsWanted();
  return dialogs ? (
    <Suspense fallback={null}>
      <ConfirmDialogs />
    </Suspense>
  ) : null;
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels change with the language
  const theme = useMemo(
    () =>
      withCloseLabels({
        close: t('a11y.close'),
        closeNotification: t('a11y.closeNotification'),
        clearFile: t('a11y.clearFile'),
        pageControls: {
          first: t('a11y.page.first'),
          previous: t('a11y.page.previous'),
          next: t('a11y.page.next'),
          last: t('a11y.page.last'),
        },
        calendar: {
          previous: t('a11y.calendar.previous'),
          next: t('a11y.calendar.next'),
          confirm: t('a11y.calendar.confirm'),
          clear: t('a11y.calendar.clear'),
        },
      }),
    [t, i18n.language],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Notifications position="top-right" />
        <LazyConfirmDialogs />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
