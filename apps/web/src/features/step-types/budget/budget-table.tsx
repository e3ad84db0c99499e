import {
  budgetAnswerWithTotals,
  budgetCents,
  centsToDecimal,
  formatMoney,
  formatShare,
  type TBudgetAnswerInput,
  type TBudgetContent,
  type TLanguage,
} from '@impact/domain';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table';

/** The reader's language among those the content is written in. */
export const contentLanguage = (language: string): TLanguage =>
  language.startsWith('en') ? 'en' : language.startsWith('fr') ? 'fr' : 'it';

/** A category's name in the reader's language, else the Italian one, else its id. */
export const categoryName = (def: TBudgetContent, id: string, language: TLanguage) => {
  const category = def.categories.find((c) => c.id === id);
  return category?.name[language] || category?.name.it || id;
};

/**
 * The totals of a budget: per period and overall, then co-funding and the contribution requested,
 * in the reader's language and the call's currency. Computed in cents by the domain, as the server does.
 */
export function BudgetTotals({ def, answer }: { def: TBudgetContent; answer: TBudgetAnswerInput }) {
  const { t, i18n } = useTranslation();
  const language = contentLanguage(i18n.language);
  const { totals } = budgetAnswerWithTotals(def, answer);
  const perPeriod = budgetCents(def.periods.length, answer).byCategoryAndPeriod;
  const money = (v: string) => formatMoney(v, language, def.currency);
  // The three figures that matter most, above the table: on a phone the table's last column (its
  // totals) is the one scrolled out of view.
  const headline = [
    { key: 'cost', label: t('budgetStep.cost'), value: totals.cost },
    { key: 'cofunding', label: t('budgetStep.coFunding'), value: totals.coFunding },
    { key: 'requested', label: t('budgetStep.requested'), value: totals.requested },
  ];
  // A column per period: at 320 px the table scrolls in its own box, not the page (WCAG 1.4.10),
  // each row's name kept in view beside its figures.
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" data-testid="budget-headline">
        {headline.map((figure) => (
          <Paper key={figure.key} withBorder p="xs" radius="sm">
            <Text size="sm" c="dimmed">
              {figure.label}
            </Text>
            <Text fw={700} data-testid={`budget-headline-${figure.key}`}>
              {money(figure.value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <ScrollTable label={t('budgetStep.totals')} minWidth={360 + 90 * def.periods.length} stickyFirstColumn>
        <Table withTableBorder data-testid="budget-totals" aria-label={t('budgetStep.totals')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('budgetStep.totals')}</Table.Th>
              {def.periods.map((p) => (
                <Table.Th key={p} scope="col" ta="right">
                  {p}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                {t('budgetStep.total')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {def.categories.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Th scope="row" fw={400}>
                  {categoryName(def, c.id, language)}
                  {c.maxShare !== undefined && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({t('budgetStep.maxShare', { share: formatShare(c.maxShare, language) })})
                    </Text>
                  )}
                </Table.Th>
                {def.periods.map((p, i) => (
                  <Table.Td key={p} ta="right" data-testid={`budget-total-${c.id}-${i}`}>
                    {money(centsToDecimal(perPeriod.get(c.id)?.[i] ?? 0n))}
                  </Table.Td>
                ))}
                <Table.Td ta="right" data-testid={`budget-total-${c.id}`}>
                  {money(totals.byCategory[c.id] ?? '0')}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={700}>
              <Table.Th scope="row">{t('budgetStep.cost')}</Table.Th>
              {totals.byPeriod.map((v, i) => (
                <Table.Td key={def.periods[i]} ta="right" data-testid={`budget-period-${i}`}>
                  {money(v)}
                </Table.Td>
              ))}
              <Table.Td ta="right" data-testid="budget-cost">
                {money(totals.cost)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                {t('budgetStep.coFunding')}
              </Table.Th>
              {def.periods.map((p) => (
                <Table.Td key={p} />
              ))}
              <Table.Td ta="right" data-testid="budget-cofunding">
                {money(totals.coFunding)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr fw={700}>
              <Table.Th scope="row">{t('budgetStep.requested')}</Table.Th>
              {def.periods.map((p) => (
                <Table.Td key={p} />
              ))}
              <Table.Td ta="right" data-testid="budget-requested">
                {money(totals.requested)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}

/** A budget read only: the lines per category, the co-funding and the totals (the reviewer, a sent application). */
export function BudgetReadOnly({ def, answer }: { def: TBudgetContent; answer: TBudgetAnswerInput }) {
  const { t, i18n } = useTranslation();
  const language = contentLanguage(i18n.language);
  const kept = budgetAnswerWithTotals(def, answer);
  const money = (v: string | null) => (v === null ? '' : formatMoney(v, language, def.currency));
  return (
    <Stack gap="sm" data-testid="budget-read-only">
      <ScrollTable label={t('budgetStep.lines')} minWidth={400 + 90 * def.periods.length} stickyFirstColumn>
        <Table withTableBorder aria-label={t('budgetStep.lines')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('budgetStep.category')}</Table.Th>
              <Table.Th scope="col">{t('budgetStep.description')}</Table.Th>
              {def.periods.map((p) => (
                <Table.Th key={p} scope="col" ta="right">
                  {p}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kept.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows in the order they were sent
              <Table.Tr key={i}>
                <Table.Td>{categoryName(def, line.category, language)}</Table.Td>
                <Table.Td>{line.description}</Table.Td>
                {line.amounts.map((a, p) => (
                  <Table.Td key={def.periods[p]} ta="right">
                    {money(a)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {kept.coFunding.length > 0 && (
        <>
          <Title order={4} size="h5">
            {t('budgetStep.coFundingSources')}
          </Title>
          <ScrollTable label={t('budgetStep.coFundingSources')} minWidth={480}>
            <Table withTableBorder aria-label={t('budgetStep.coFundingSources')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('budgetStep.source')}</Table.Th>
                  <Table.Th scope="col">{t('budgetStep.kind')}</Table.Th>
                  <Table.Th scope="col">{t('budgetStep.confirmed')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('budgetStep.amount')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {kept.coFunding.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows in the order they were sent
                  <Table.Tr key={i}>
                    <Table.Td>{c.source}</Table.Td>
                    <Table.Td>{t(c.kind ? `budgetStep.kinds.${c.kind}` : 'budgetStep.kindNotChosen')}</Table.Td>
                    <Table.Td>{t(c.confirmed ? 'budgetStep.yes' : 'budgetStep.no')}</Table.Td>
                    <Table.Td ta="right">{money(c.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
      <BudgetTotals def={def} answer={answer} />
    </Stack>
  );
}
