import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { AuditPage } from './audit-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

const typeDay = (label: string, day: string) => {
  const input = screen.getByRole('textbox', { name: label });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: day } });
  fireEvent.blur(input);
};

describe('the audit trail', () => {
  it('says a range the wrong way round on its field, not only that nothing matches', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ items: [], total: 0 })),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MantineProvider>
          <MemoryRouter>
            <AuditPage />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    typeDay('From', '10/11/2026');
    typeDay('To', '01/11/2026');
    expect(screen.getByText('This day is before the “From” day: no change can be in between.')).toBeTruthy();
    typeDay('To', '20/11/2026');
    expect(screen.queryByText(/is before the “From” day/)).toBeNull();
  });
});
