import {
  budgetAnswerWithTotals,
  budgetCents,
  centsToDecimal,
  formatMoney,
  formatShare,
  type TBudgetAnswerInput,
  type TBudgetContent,
  type TCoFundingKind,
  type TLanguage,
} from '@impact/domain';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type RowCard, RowCards } from '../../../components/row-cards';
import { ScrollTable } from '../../../components/scroll-table';
import { useNarrowScreen } from '../../../components/use-narrow-screen';

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
 * in the reader's language and the call's currency. Computed in cents by the domain, as the server
 * does. On a phone the table becomes a card per category (each period's figure under its name,
 * then its total) and one for the total cost: the table scrolled sideways there.
 */
export function BudgetTotals({ def, answer }: { def: TBudgetContent; answer: TBudgetAnswerInput }) {
  const narrow = useNarrowScreen();
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
  const maxShare = (share: number | undefined, size: 'xs' | 'sm') =>
    share !== undefined && (
      <Text span size={size} c="dimmed" fw={400}>
        {' '}
        ({t('budgetStep.maxShare', { share: formatShare(share, language) })})
      </Text>
    );
  // Co-funding and the contribution requested are the headline's: not repeated on the cards.
  const cards: RowCard[] = [
    ...def.categories.map((c) => ({
      key: `category-${c.id}`,
      title: (
        <>
          {categoryName(def, c.id, language)}
          {maxShare(c.maxShare, 'sm')}
        </>
      ),
      details: [
        ...def.periods.map((p, i) => ({ label: p, value: money(centsToDecimal(perPeriod.get(c.id)?.[i] ?? 0n)) })),
        { label: t('budgetStep.total'), value: money(totals.byCategory[c.id] ?? '0') },
      ],
    })),
    {
      key: 'cost',
      title: t('budgetStep.cost'),
      details: [
        ...totals.byPeriod.map((v, i) => ({ label: def.periods[i] ?? '', value: money(v) })),
        { label: t('budgetStep.total'), value: <strong>{money(totals.cost)}</strong> },
      ],
    },
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
      {narrow ? (
        <RowCards label={t('budgetStep.totals')} rows={cards} />
      ) : (
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
                    {maxShare(c.maxShare, 'xs')}
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
      )}
    </Stack>
  );
}

/**
 * A budget read only: the lines per category, the co-funding and the totals (the reviewer, a sent
 * application). On a phone each line and each source is a card, every figure under its name.
 */
export function BudgetReadOnly({ def, answer }: { def: TBudgetContent; answer: TBudgetAnswerInput }) {
  const narrow = useNarrowScreen();
  const { t, i18n } = useTranslation();
  const language = contentLanguage(i18n.language);
  const kept = budgetAnswerWithTotals(def, answer);
  const money = (v: string | null) => (v === null ? '' : formatMoney(v, language, def.currency));
  const kind = (k: TCoFundingKind | null) => t(k ? `budgetStep.kinds.${k}` : 'budgetStep.kindNotChosen');
  if (narrow)
    return (
      <Stack gap="sm" data-testid="budget-read-only">
        <Title order={4} size="h5">
          {t('budgetStep.lines')}
        </Title>
        <RowCards
          label={t('budgetStep.lines')}
          rows={kept.lines.map((line, i) => ({
            key: String(i),
            title: line.description || '—',
            details: [
              { label: t('budgetStep.category'), value: categoryName(def, line.category, language) },
              ...def.periods.map((p, n) => ({ label: p, value: money(line.amounts[n] ?? null) || '—' })),
            ],
          }))}
        />
        {kept.coFunding.length > 0 && (
          <>
            <Title order={4} size="h5">
              {t('budgetStep.coFundingSources')}
            </Title>
            <RowCards
              label={t('budgetStep.coFundingSources')}
              rows={kept.coFunding.map((c, i) => ({
                key: String(i),
                title: c.source || '—',
                details: [
                  { label: t('budgetStep.kind'), value: kind(c.kind) },
                  { label: t('budgetStep.confirmed'), value: t(c.confirmed ? 'budgetStep.yes' : 'budgetStep.no') },
                  { label: t('budgetStep.amount'), value: money(c.amount) || '—' },
                ],
              }))}
            />
          </>
        )}
        <BudgetTotals def={def} answer={answer} />
      </Stack>
    );
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
                    <Table.Td>{kind(c.kind)}</Table.Td>
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
