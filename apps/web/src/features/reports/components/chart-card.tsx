import {
  Card,
  createTheme,
  Group,
  MantineThemeProvider,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The chart is a picture hidden from screen readers, so nothing in it may take the focus (axe
// aria-hidden-focus): recharts' keyboard layer made each chart's SVG a Tab stop that said
// nothing. Its figures are one Tab away, in the table view. Set by name so that no chart code is
// imported here.
const CHARTS = [
  'AreaChart',
  'BarChart',
  'BubbleChart',
  'CompositeChart',
  'DonutChart',
  'FunnelChart',
  'LineChart',
  'PieChart',
  'RadarChart',
  'RadialBarChart',
  'ScatterChart',
];
const pictureTheme = createTheme({
  components: Object.fromEntries(CHARTS.map((name) => [name, { defaultProps: { accessibilityLayer: false } }])),
});

export type ChartTable = { columns: string[]; rows: Array<Array<string | number>> };

/**
 * A chart with its figures as a table. The chart is a picture (hidden from screen readers); the
 * table is always there for them, and anyone can switch to it.
 */
export function ChartCard(props: {
  title: string;
  description?: ReactNode;
  table: ChartTable;
  children: ReactNode;
  headingOrder?: 2 | 3 | 4;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const id = useId();
  const table = (
    <Table striped withTableBorder aria-labelledby={id}>
      <Table.Thead>
        <Table.Tr>
          {props.table.columns.map((c) => (
            <Table.Th key={c}>{c}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.table.rows.map((row) => (
          <Table.Tr key={String(row[0])}>
            {row.map((cell, j) => (
              <Table.Td key={props.table.columns[j]}>{cell}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Title order={props.headingOrder ?? 3} size="h4" id={id}>
              {props.title}
            </Title>
            {props.description && (
              <Text size="sm" c="dimmed" component="div">
                {props.description}
              </Text>
            )}
          </Stack>
          <SegmentedControl
            style={{ flexShrink: 0 }}
            size="xs"
            aria-label={t('reports.view.label')}
            value={view}
            onChange={(v) => setView(v as 'chart' | 'table')}
            data={[
              { value: 'chart', label: t('reports.view.chart') },
              { value: 'table', label: t('reports.view.table') },
            ]}
          />
        </Group>
        {view === 'chart' ? (
          <>
            <div aria-hidden>
              <MantineThemeProvider theme={pictureTheme}>{props.children}</MantineThemeProvider>
            </div>
            <VisuallyHidden>{table}</VisuallyHidden>
          </>
        ) : (
          table
        )}
      </Stack>
    </Card>
  );
}
