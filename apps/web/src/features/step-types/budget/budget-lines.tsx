import { ActionIcon, Group, Paper, SimpleGrid, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../../components/plain-list';
import { ScrollTable } from '../../../components/scroll-table';
import { useNarrowScreen } from '../../../components/use-narrow-screen';

/** A line as typed: amounts as the applicant wrote them, in their language; a key to keep focus on reorder. */
export type BudgetRow = { key: number; category: string; description: string; amounts: string[] };

type Props = {
  /** The category's name, and the id of its heading that names the lines. */
  name: string;
  headingId: string;
  category: string;
  periods: string[];
  rows: BudgetRow[];
  descriptionError: (row: BudgetRow) => string | undefined;
  amountError: (text: string) => string | undefined;
  onRow: (key: number, change: Partial<BudgetRow>) => void;
  onLeaveDescription: (key: number) => void;
  onMove: (key: number, by: -1 | 1) => void;
  onRemove: (key: number) => void;
};

/**
 * A category's lines: on a wide screen a table, a column per period; on a phone one card per line,
 * its description, then an amount per period each under its period's name, then its buttons (the
 * table there showed the description and one year, the others off to the side).
 */
export function BudgetLines(props: Props) {
  const narrow = useNarrowScreen();
  const { t } = useTranslation();
  const { name, headingId, category, periods, rows } = props;
  if (rows.length === 0) return null;
  if (narrow)
    return (
      <PlainList ordered gap="xs" aria-labelledby={headingId}>
        {rows.map((row, n) => (
          <Paper component="li" key={row.key} withBorder p="sm" radius="md" data-testid={`budget-line-${category}`}>
            <Stack gap="xs">
              <Description {...props} row={row} n={n} visibleLabel />
              <SimpleGrid cols={2} spacing="xs">
                {periods.map((period, i) => (
                  <Amount key={period} {...props} row={row} n={n} i={i} visibleLabel />
                ))}
              </SimpleGrid>
              <Actions {...props} row={row} n={n} />
            </Stack>
          </Paper>
        ))}
      </PlainList>
    );
  // A column per period: past the screen's width the lines scroll in their own box, not the page.
  return (
    <ScrollTable minWidth={320 + 110 * periods.length} label={name}>
      <Table aria-labelledby={headingId} data-testid={`budget-lines-${category}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('budgetStep.description')}</Table.Th>
            {periods.map((p) => (
              <Table.Th key={p} scope="col">
                {p}
              </Table.Th>
            ))}
            <Table.Th scope="col">
              <VisuallyHidden>{t('budgetStep.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, n) => (
            <Table.Tr key={row.key}>
              <Table.Td>
                <Description {...props} row={row} n={n} />
              </Table.Td>
              {periods.map((period, i) => (
                <Table.Td key={period}>
                  <Amount {...props} row={row} n={n} i={i} />
                </Table.Td>
              ))}
              <Table.Td>
                <Actions {...props} row={row} n={n} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

type LineProps = Props & { row: BudgetRow; n: number; visibleLabel?: boolean };

/** "Line 2 of Staff": what names a line's fields and buttons. */
function useLineLabel(name: string, n: number) {
  const { t } = useTranslation();
  return t('budgetStep.lineOf', { n: n + 1, category: name });
}

function Description({ row, n, name, visibleLabel, descriptionError, onRow, onLeaveDescription }: LineProps) {
  const { t } = useTranslation();
  const lineLabel = useLineLabel(name, n);
  return (
    <TextInput
      // On a card the visible label says which line; in the table its column head does.
      label={visibleLabel ? `${t('budgetStep.description')} · ${lineLabel}` : undefined}
      aria-label={visibleLabel ? undefined : `${t('budgetStep.description')} · ${lineLabel}`}
      value={row.description}
      maxLength={1000}
      miw={visibleLabel ? undefined : 200}
      onChange={(e) => onRow(row.key, { description: e.currentTarget.value })}
      onBlur={() => onLeaveDescription(row.key)}
      data-focus-key={`row-${row.key}`}
      error={descriptionError(row)}
      data-testid="budget-description"
    />
  );
}

function Amount({ row, n, i, name, periods, visibleLabel, amountError, onRow }: LineProps & { i: number }) {
  const lineLabel = useLineLabel(name, n);
  const period = periods[i] ?? '';
  return (
    <TextInput
      label={visibleLabel ? period : undefined}
      aria-label={`${period} · ${lineLabel}`}
      inputMode="decimal"
      value={row.amounts[i] ?? ''}
      onChange={(e) => {
        const amounts = [...row.amounts];
        amounts[i] = e.currentTarget.value;
        onRow(row.key, { amounts });
      }}
      error={amountError(row.amounts[i] ?? '')}
      styles={{ input: { textAlign: 'right' } }}
      miw={visibleLabel ? undefined : 100}
      data-testid={`budget-amount-${i}`}
    />
  );
}

function Actions({ row, n, name, rows, onMove, onRemove }: LineProps) {
  const { t } = useTranslation();
  const lineLabel = useLineLabel(name, n);
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <ActionIcon
        variant="subtle"
        aria-label={t('budgetStep.moveUp', { line: lineLabel })}
        disabled={n === 0}
        onClick={() => onMove(row.key, -1)}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={t('budgetStep.moveDown', { line: lineLabel })}
        disabled={n === rows.length - 1}
        onClick={() => onMove(row.key, 1)}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('budgetStep.remove', { line: lineLabel })}
        onClick={() => onRemove(row.key)}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
