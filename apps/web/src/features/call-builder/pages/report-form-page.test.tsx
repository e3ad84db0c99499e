import type { TCallType } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { callBuilderKeys } from '../api/keys';
import { aCall, changedSince, jsonResponse } from './editor-test-data';
import { ReportFormPage } from './report-form-page';

const form = aCall({ name: 'Rapporto finale' });
const callType: TCallType = { id: form.callTypeId, name: '', description: '', steps: [] };

beforeAll(async () => {
  // jsdom lays nothing out: a new step's form scrolls itself into view.
  Element.prototype.scrollIntoView ??= () => {};
  await initI18n('en');
});

afterEach(() => vi.unstubAllGlobals());

describe('the report form page', () => {
  it('checks the form as Save does before saving mine over a version saved meanwhile', async () => {
    const theirs = { ...form, updatedAt: '2027-01-05T00:00:00.000Z' };
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL, init?: RequestInit) => {
        const path = new URL(url).pathname;
        if (path.endsWith('/Call/UpdateCall')) {
          sent.push(JSON.parse(String(init?.body)));
          return changedSince();
        }
        if (path.endsWith('/Call/GetCallByIdAdmin')) return jsonResponse(200, theirs);
        if (path.endsWith('/Call/GetCallType')) return jsonResponse(200, callType);
        if (path.endsWith('/Step/GetStepTypes')) return jsonResponse(200, []);
        return new Promise<Response>(() => {});
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(callBuilderKeys.call(form.id), form);
    client.setQueryData([...callBuilderKeys.callTypes(), form.callTypeId], callType);
    client.setQueryData(callBuilderKeys.stepTypes(), []);
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <MemoryRouter initialEntries={[`/admin/report-forms/${form.id}`]}>
            <div id="main" tabIndex={-1}>
              <Routes>
                <Route path="/admin/report-forms/:formCallId" element={<ReportFormPage />} />
              </Routes>
            </div>
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save the questions' }));
    const choice = await screen.findByRole('region', { name: 'Someone else saved this call' });
    expect(sent).toHaveLength(1);
    // A step added since has no type yet: saving mine shows why it cannot go, and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    fireEvent.click(within(choice).getByRole('button', { name: 'Save my changes anyway' }));
    expect(await screen.findByText('Every step needs a type.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Someone else saved this call' })).toBe(choice);
  });

  it('names the form whose questions it edits (several reports may share it)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const named = { ...callType, name: 'Relazione sul contributo' };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(callBuilderKeys.call(form.id), form);
    client.setQueryData([...callBuilderKeys.callTypes(), form.callTypeId], named);
    client.setQueryData(callBuilderKeys.stepTypes(), []);
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <MemoryRouter initialEntries={[`/admin/report-forms/${form.id}`]}>
            <Routes>
              <Route path="/admin/report-forms/:formCallId" element={<ReportFormPage />} />
            </Routes>
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('report-form-name')).textContent).toBe(
      'Form: “Relazione sul contributo”. Every report of the plan that uses it asks these questions.',
    );
  });
});
