import type { TUploadStepFile } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { UploadSlot } from './upload-step';

const slot = {
  file_name: 'Budget',
  file_description: '',
  file_type: 'pdf',
  dimensions: 2048,
  mandatory: true,
} as TUploadStepFile;
const uploaded = {
  slot: 'Budget',
  fileDownloadId: '00000000-0000-4000-8000-000000000001',
  fileName: 'budget.pdf',
  description: 'Budget 2027',
};

beforeAll(async () => {
  await initI18n('en');
  // jsdom has no font loading; Mantine's autosizing Textarea listens for it.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('an upload slot', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves a description changed after the upload on its own, once typing pauses or the field is left', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).includes('UpdateDescription')) sent.push(JSON.parse(String(init?.body)));
        return json(200, { fileDownloadId: uploaded.fileDownloadId, description: 'Budget 2027, revised' });
      }),
    );
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <UploadSlot
            slot={slot}
            stepId="00000000-0000-4000-8000-000000000002"
            submissionId="00000000-0000-4000-8000-000000000003"
            readOnly={false}
            current={uploaded}
          />
        </MantineProvider>
      </QueryClientProvider>,
    );
    const page = within(view.container);
    const notSaved = /Not saved yet: it saves when you stop typing/;
    expect(page.queryByText(notSaved)).toBeNull();
    const field = page.getByLabelText('Description of the document (optional) · Budget');
    fireEvent.change(field, { target: { value: 'Budget 2027, revised' } });
    // Said until it is stored, so the field never seems saved when it is not.
    expect(page.getByText(notSaved)).toBeTruthy();
    fireEvent.blur(field);
    await waitFor(() =>
      expect(sent).toEqual([{ downloadId: uploaded.fileDownloadId, description: 'Budget 2027, revised' }]),
    );
    // The pause after typing finds it saved already: nothing is sent twice.
    await new Promise((r) => setTimeout(r, 900));
    expect(sent).toHaveLength(1);
    view.unmount();
  });

  it('saves a description cleared after the upload that carried it', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).includes('UpdateDescription')) sent.push(JSON.parse(String(init?.body)));
        return json(200, { fileDownloadId: uploaded.fileDownloadId, description: '' });
      }),
    );
    const client = new QueryClient();
    const slotWith = (current: typeof uploaded | undefined) => (
      <QueryClientProvider client={client}>
        <MantineProvider>
          <UploadSlot
            slot={slot}
            stepId="00000000-0000-4000-8000-000000000002"
            submissionId="00000000-0000-4000-8000-000000000003"
            readOnly={false}
            current={current}
          />
        </MantineProvider>
      </QueryClientProvider>
    );
    const view = render(slotWith(undefined));
    const field = within(view.container).getByLabelText('Description of the document (optional) · Budget');
    fireEvent.change(field, { target: { value: 'Draft budget' } });
    // Before a file is chosen the field says when it will be saved.
    expect(within(view.container).getByText('It is saved with the file, when you choose it.')).toBeTruthy();
    // The file is chosen: its upload carried the description.
    view.rerender(slotWith({ ...uploaded, description: 'Draft budget' }));
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.blur(field);
    await waitFor(() => expect(sent).toEqual([{ downloadId: uploaded.fileDownloadId, description: '' }]));
    view.unmount();
  });

  it('shows a reader the file and its description, without what may be sent nor a field to change', () => {
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <UploadSlot
            slot={slot}
            stepId="00000000-0000-4000-8000-000000000002"
            submissionId="00000000-0000-4000-8000-000000000003"
            readOnly
            current={uploaded}
          />
        </MantineProvider>
      </QueryClientProvider>,
    );
    const page = within(view.container);
    expect(page.getByTestId('uploaded-file-name').textContent).toBe('budget.pdf');
    expect(page.getByTestId('uploaded-file-description').textContent).toBe('Description: Budget 2027');
    expect(page.queryByText(/format \(.pdf\), at most/)).toBeNull();
    expect(page.queryByRole('textbox')).toBeNull();
    expect(page.queryByRole('button', { name: /Choose|Replace|Remove/ })).toBeNull();
    view.unmount();
  });
});
