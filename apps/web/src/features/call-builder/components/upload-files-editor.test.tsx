import { type TUploadStepFile, UPLOAD_MAX_FILES, ZUploadStepContent } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { loadTranslations } from '../../../lib/i18n/resources';
import { UploadFilesEditor } from './upload-files-editor';

const file = {
  file_name: 'Budget',
  file_description: '',
  file_type: 'pdf' as const,
  dimensions: 5_242_880,
  mandatory: true,
};

beforeAll(async () => {
  await initI18n('en');
  i18n.addResourceBundle('it', 'translation', await loadTranslations('it'), true, true);
});

describe('the upload step editor', () => {
  it("asks a file's largest size in megabytes, written as the interface's language writes it", async () => {
    for (const [language, shown] of [
      ['en', '5'],
      ['it', '5'],
    ] as const) {
      await i18n.changeLanguage(language);
      const view = render(
        <MantineProvider>
          <UploadFilesEditor files={[file]} onChange={() => {}} showErrors={false} />
        </MantineProvider>,
      );
      expect((screen.getByRole('textbox', { name: /\(MB\)/ }) as HTMLInputElement).value).toBe(shown);
      view.unmount();
    }
    await i18n.changeLanguage('en');
  });

  it('takes the keyboard to the name of a file just added', async () => {
    function Editor() {
      const [files, setFiles] = useState<TUploadStepFile[]>([file]);
      return <UploadFilesEditor files={files} onChange={setFiles} showErrors={false} />;
    }
    render(
      <MantineProvider>
        <Editor />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add file' }));
    const names = await screen.findAllByRole('textbox', { name: 'File name' });
    expect(names).toHaveLength(2);
    await vi.waitFor(() => expect(document.activeElement).toBe(names[1]));
  });

  // Fifty rows of Mantine fields take 5–8 s to draw in jsdom, more on a busy CI machine.
  it('offers no file beyond the most a step may ask for, and says why', { timeout: 60_000 }, () => {
    const full = Array.from({ length: UPLOAD_MAX_FILES }, (_, i) => ({ ...file, file_name: `File ${i + 1}` }));
    expect(ZUploadStepContent.safeParse(full).success).toBe(true);
    expect(ZUploadStepContent.safeParse([...full, file]).success).toBe(false);
    const view = render(
      <MantineProvider>
        <UploadFilesEditor files={full} onChange={() => {}} showErrors={false} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Add file' })).toBeNull();
    expect(screen.getByText('A step asks for at most 50 files: remove one to add another.')).toBeTruthy();
    view.unmount();
  });
});
