import { Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * Whether the screen is too narrow for a short table with actions: at 390 px the reports' and
 * tranches' tables scrolled sideways and their buttons were off-screen. Read at once, so the page
 * is not drawn as a table first and as cards a moment later.
 */
export function useNarrowScreen(): boolean {
  return useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
}

export type RowCard = {
  key: string;
  title: ReactNode;
  /** Each of the table's other columns: its heading and this row's value. */
  details: Array<{ label: string; value: ReactNode }>;
  actions?: ReactNode;
};

/** A short table's rows as a list of cards on a narrow screen: every value and button in view. */
export function RowCards({ label, rows }: { label: string; rows: RowCard[] }) {
  return (
    // role="list": Safari drops a list's meaning when its bullets are hidden. Focusable by script
    // only, for the keyboard to land on when the button it was on leaves with its row.
    <Stack
      component="ul"
      role="list"
      tabIndex={-1}
      aria-label={label}
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {rows.map((row) => (
        <Paper component="li" key={row.key} withBorder p="sm">
          <Stack gap={6}>
            <Text fw={700}>{row.title}</Text>
            {row.details.map((detail) => (
              <Group key={detail.label} gap="xs" wrap="wrap">
                <Text size="sm" c="dimmed">
                  {detail.label}:
                </Text>
                <Text size="sm" component="div">
                  {detail.value}
                </Text>
              </Group>
            ))}
            {row.actions && <div>{row.actions}</div>}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
