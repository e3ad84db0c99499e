import { Box, Paper, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainList } from './plain-list';

export type RowCard = {
  key: string;
  title: ReactNode;
  /** Each of the table's other columns: its heading and this row's value. */
  details: Array<{ label: string; value: ReactNode }>;
  actions?: ReactNode;
};

/** A short table's rows as a list of cards on a narrow screen: every value and button in view. */
export function RowCards({ label, rows }: { label: string; rows: RowCard[] }) {
  const { t } = useTranslation();
  return (
    // Focusable by script only, for the keyboard to land on when the button it was on leaves with its row.
    <PlainList tabIndex={-1} aria-label={label} gap="sm">
      {rows.map((row) => (
        <Paper component="li" key={row.key} withBorder p="sm">
          <Stack gap={6}>
            <Text fw={700}>{row.title}</Text>
            {/* Each heading beside its value, the values lined up and wrapping in their own column. */}
            <Box
              component="dl"
              m={0}
              style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: '4px 8px' }}
            >
              {row.details.map((detail) => (
                <Fragment key={detail.label}>
                  <Text component="dt" size="sm" c="dimmed">
                    {t('rowCards.labelled', { label: detail.label })}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    {detail.value}
                  </Text>
                </Fragment>
              ))}
            </Box>
            {row.actions && <div>{row.actions}</div>}
          </Stack>
        </Paper>
      ))}
    </PlainList>
  );
}
