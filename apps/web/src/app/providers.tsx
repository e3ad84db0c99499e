import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cssVariablesResolver, withCloseLabels } from './theme';

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
        calendar: { previous: t('a11y.calendar.previous'), next: t('a11y.calendar.next') },
      }),
    [t, i18n.language],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <ModalsProvider>
          <Notifications position="top-right" />
          {children}
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
