import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { UnsavedPartsProbe } from '../../../lib/unsaved-parts-probe';
import { RemindersTab } from './reminders-tab';

const callId = '00000000-0000-4000-8000-000000000002';
const reminders = {
  callId,
  reminders: [{ hoursBeforeClosing: 7 * 24 }],
  nudgeAfterDays: 14,
  isDefault: false,
  sent: [],
  unsubscribed: 0,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the reminders tab', () => {
  it('keeps a number as typed and says on its field what is wrong, sending nothing until it is mended', async () => {
    const saves: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL, init?: RequestInit) => {
        const path = new URL(url).pathname;
        if (path.endsWith('/Call/GetReminders')) return json(200, reminders);
        if (path.endsWith('/Call/SaveReminders')) {
          const body = JSON.parse(String(init?.body));
          saves.push(body);
          return json(200, { ...reminders, ...body, isDefault: false });
        }
        return new Promise<Response>(() => {});
      }),
    );
    const view = render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MantineProvider>
          <RemindersTab callId={callId} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    const page = within(view.container);
    const amount = (await page.findByLabelText('Reminder 1: how long before closing')) as HTMLInputElement;
    // 120 days is off the range of days: kept as typed, named on the field, nothing sent.
    fireEvent.change(amount, { target: { value: '120' } });
    fireEvent.blur(amount);
    expect(amount.value).toBe('120');
    const nudge = page.getByLabelText('Days without a change') as HTMLInputElement;
    fireEvent.change(nudge, { target: { value: '' } });
    fireEvent.click(page.getByRole('button', { name: 'Save reminders' }));
    expect(page.getByText('The maximum is 90')).toBeTruthy();
    expect(page.getByText('Required')).toBeTruthy();
    expect(saves).toEqual([]);
    // Mended: 12 days, a nudge after 10 days.
    fireEvent.change(nudge, { target: { value: '10' } });
    fireEvent.change(amount, { target: { value: '12' } });
    fireEvent.click(page.getByRole('button', { name: 'Save reminders' }));
    await waitFor(() =>
      expect(saves).toEqual([{ callId, reminders: [{ hoursBeforeClosing: 12 * 24 }], nudgeAfterDays: 10 }]),
    );
    view.unmount();
  });

  it('tells the call editor it holds reminders not saved, until they are saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL, init?: RequestInit) => {
        const path = new URL(url).pathname;
        if (path.endsWith('/Call/GetReminders')) return json(200, reminders);
        if (path.endsWith('/Call/SaveReminders'))
          return json(200, { ...reminders, ...JSON.parse(String(init?.body)), isDefault: false });
        return new Promise<Response>(() => {});
      }),
    );
    const view = render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MantineProvider>
          <UnsavedPartsProbe>
            <RemindersTab callId={callId} />
          </UnsavedPartsProbe>
        </MantineProvider>
      </QueryClientProvider>,
    );
    const page = within(view.container);
    const unsaved = page.getByTestId('unsaved-parts');
    const amount = (await page.findByLabelText('Reminder 1: how long before closing')) as HTMLInputElement;
    expect(unsaved.textContent).toBe('');
    fireEvent.change(amount, { target: { value: '12' } });
    await waitFor(() => expect(unsaved.textContent).toBe('form'));
    // Typed back as it was: nothing to lose.
    fireEvent.change(amount, { target: { value: '7' } });
    await waitFor(() => expect(unsaved.textContent).toBe(''));
    fireEvent.change(amount, { target: { value: '12' } });
    await waitFor(() => expect(unsaved.textContent).toBe('form'));
    fireEvent.click(page.getByRole('button', { name: 'Save reminders' }));
    await waitFor(() => expect(unsaved.textContent).toBe(''));
    view.unmount();
  });
});
