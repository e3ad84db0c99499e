import { type TBudgetContent, ZBudgetContent } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { BudgetTotals } from './budget-table';

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
});
