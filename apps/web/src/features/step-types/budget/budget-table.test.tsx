import { type TBudgetContent, ZBudgetContent } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { BudgetReadOnly, BudgetTotals } from './budget-table';

const def: TBudgetContent = ZBudgetContent.parse({
  currency: 'EUR',
  periods: ['2027', '2028'],
  maxRequested: null,
  minCoFundingShare: null,
  categories: [
    { id: 'staff', name: { it: 'Personale', en: 'Staff', fr: 'Personnel' } },
    { id: 'travel', name: { it: 'Viaggi', en: 'Travel', fr: 'Voyages' } },
  ],
});

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the budget totals', () => {
  it('fills each category’s cell of each period, not only its row total', () => {
    render(
      <MantineProvider>
        <BudgetTotals
          def={def}
          answer={{
            lines: [
              { category: 'staff', description: 'Coordinator', amounts: ['1000', '500'] },
              { category: 'staff', description: 'Educator', amounts: ['200', null] },
              { category: 'travel', description: 'Trains', amounts: [null, '80'] },
            ],
            coFunding: [],
          }}
        />
      </MantineProvider>,
    );
    const cell = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');
    expect(cell('budget-total-staff-0')).toBe('€1,200.00');
    expect(cell('budget-total-staff-1')).toBe('€500.00');
    expect(cell('budget-total-travel-0')).toBe('€0.00');
    expect(cell('budget-total-travel-1')).toBe('€80.00');
    expect(cell('budget-total-staff')).toBe('€1,700.00');
  });

  it('reads on a phone as cards, each figure under its name: the lines, the sources (a kind not chosen said so), the totals', () => {
    // Every media query asking for at most 40em matches, as on a 390 px phone.
    const real = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...real(query), matches: query.includes('max-width: 40em') }));
    render(
      <MantineProvider>
        <BudgetReadOnly
          def={def}
          answer={{
            lines: [{ category: 'travel', description: 'Trains', amounts: ['80', null] }],
            coFunding: [{ source: 'Regione', kind: null, amount: '30', confirmed: true }],
          }}
        />
      </MantineProvider>,
    );
    // No table to scroll sideways.
    expect(screen.queryByRole('table')).toBeNull();
    const described = (card: HTMLElement) =>
      Object.fromEntries(
        [...card.querySelectorAll('dt')].map((dt) => [
          dt.textContent,
          dt.nextElementSibling?.textContent?.replace(/\s/g, ' '),
        ]),
      );
    const line = within(screen.getByRole('list', { name: 'Cost items' })).getByRole('listitem');
    expect(within(line).getByText('Trains')).toBeTruthy();
    expect(described(line)).toEqual({ 'Category:': 'Travel', '2027:': '€80.00', '2028:': '—' });
    const source = within(screen.getByRole('list', { name: 'Co-funding sources' })).getByRole('listitem');
    expect(within(source).getByText('Regione')).toBeTruthy();
    expect(described(source)).toEqual({ 'Kind:': 'Not chosen', 'Confirmed:': 'yes', 'Amount:': '€30.00' });
    const totals = within(screen.getByRole('list', { name: 'Totals' })).getAllByRole('listitem');
    expect(totals.map((card) => card.querySelector('p')?.textContent)).toEqual(['Staff', 'Travel', 'Total cost']);
    expect(described(totals[2] as HTMLElement)).toEqual({ '2027:': '€80.00', '2028:': '€0.00', 'Total:': '€80.00' });
    // The three headline figures stay above.
    expect(screen.getByTestId('budget-headline-requested').textContent?.replace(/\s/g, ' ')).toBe('€50.00');
  });
});
