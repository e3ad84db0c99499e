import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { aTranche, serveJson } from './grants-test-data';
import { MarkPaid } from './mark-paid';

const tranche = aTranche('payable', 1, { id: '00000000-0000-4000-8000-000000000011' });

function show(onPaid = () => {}) {
  return render(
    // Mantine's test mode: no transitions or portals, so the popover is there once opened.
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MarkPaid grantId={tranche.grantId} tranche={tranche} onPaid={onPaid} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Mark paid', () => {
  it.each(['it', 'en', 'fr'] as const)(
    'in %s, its name begins with the words it shows (WCAG 2.5.3)',
    async (language) => {
      await initI18n(language);
      const view = show();
      const button = view.getByRole('button');
      expect(button.getAttribute('aria-label')?.startsWith(button.textContent ?? '?')).toBe(true);
      expect(button.getAttribute('aria-label')).toContain('2');
      view.unmount();
    },
  );

  it('once the payment is recorded, says where the keyboard goes (its button leaves with the payable row)', async () => {
    await initI18n('en');
    serveJson(() => [{ ...tranche, status: 'paid', paidAt: '2027-01-10', paymentReference: 'CRO 1' }]);
    const onPaid = vi.fn();
    show(onPaid);
    fireEvent.click(screen.getByRole('button', { name: /Mark paid/ }));
    fireEvent.change(await screen.findByLabelText(/Payment reference/), { target: { value: 'CRO 1' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Record the payment' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  });
});
