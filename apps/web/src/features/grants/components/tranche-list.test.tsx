import { Button, MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { aTranche } from './grants-test-data';
import { TrancheList } from './tranche-list';

const tranche = aTranche('payable', 0, { amount: 25000 });

/** The screen as narrow as a phone's (390 px): every media query asking for at most 40em matches. */
function narrowScreen() {
  const real = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({ ...real(query), matches: query.includes('max-width: 40em') }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the tranches list', () => {
  it('on a phone, shows each tranche as a card with its amount, condition, status and button in view', async () => {
    await initI18n('en');
    narrowScreen();
    render(
      <MantineProvider env="test">
        <TrancheList tranches={[tranche]} currency="EUR" action={() => <Button>Mark paid</Button>} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(screen.getByRole('list', { name: 'Tranches' })).getByRole('listitem');
    within(card).getByText('Tranche 1');
    within(card).getByText(/25,000\.00/);
    within(card).getByText('On acceptance');
    within(card).getByText('Payable');
    within(card).getByRole('button', { name: 'Mark paid' });
  });

  it('on a wider screen, is a table', async () => {
    await initI18n('en');
    render(
      <MantineProvider env="test">
        <TrancheList tranches={[tranche]} currency="EUR" />
      </MantineProvider>,
    );
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });

  it('names the report a tranche waits for as the server names it, before any report exists', async () => {
    await initI18n('en');
    const waiting = aTranche('pending', 1, {
      condition: 'onReportApproval',
      reportPlanId: '00000000-0000-4000-8000-000000000031',
      reportName: 'Final report',
    });
    render(
      <MantineProvider env="test">
        <TrancheList tranches={[waiting]} currency="EUR" />
      </MantineProvider>,
    );
    expect(screen.getByText('On approval of “Final report”')).toBeTruthy();
  });
});
