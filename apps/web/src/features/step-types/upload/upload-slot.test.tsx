import type { TUploadStepFile } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
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

describe('an upload slot', () => {
  it('says that a description changed after the upload is not saved until the file is chosen again', () => {
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
    const notSaved = /Not saved yet: the description is saved with the file/;
    expect(page.queryByText(notSaved)).toBeNull();
    fireEvent.change(page.getByLabelText('Description of the document (optional)'), {
      target: { value: 'Budget 2027, revised' },
    });
    expect(page.getByText(notSaved)).toBeTruthy();
    view.unmount();
  });
});
