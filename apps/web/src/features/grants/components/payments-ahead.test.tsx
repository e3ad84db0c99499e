import { EMPTY_PAYMENT_FORECAST } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { monthLabel, PaymentsAhead } from './payments-ahead';

describe('the payments ahead', () => {
  it('lists what is payable now, then month by month, leaving out empty rows', async () => {
    await initI18n('it');
    render(
      <MantineProvider env="test">
        <PaymentsAhead
          payments={{
            currency: 'EUR',
            payableNow: { tranches: 2, amount: 12000, committed: 12000 },
            byMonth: [{ month: '2027-03', tranches: 1, amount: 8000.5, committed: 0 }],
            undated: { tranches: 0, amount: 0, committed: 0 },
          }}
        />
      </MantineProvider>,
    );
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual(['Quando', 'Pagabile ora', 'marzo 2027']);
    within(rows[2] as HTMLElement).getByText(/8000,50/);
    // Nothing committed yet that month: the offer awaits the grantee's answer.
    within(rows[2] as HTMLElement).getByText(/0,00/);
    expect(screen.queryByText('Data non ancora nota')).toBeNull();
  });

  it('says when nothing is left to pay', async () => {
    await initI18n('en');
    render(
      <MantineProvider env="test">
        <PaymentsAhead payments={EMPTY_PAYMENT_FORECAST} />
      </MantineProvider>,
    );
    screen.getByText('Nothing left to pay for these grants.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('names a month in each language', () => {
    expect(monthLabel('2027-01', 'fr')).toBe('janvier 2027');
    expect(monthLabel('2027-01', 'en')).toBe('January 2027');
  });
});
