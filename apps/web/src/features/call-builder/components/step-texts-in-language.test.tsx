import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { createRef, useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import type { DraftStep } from '../call-draft';
import { StepTextsInLanguage } from './step-texts-in-language';

beforeAll(async () => {
  await initI18n('en');
});

const UPLOAD: DraftStep = {
  key: 'k',
  name: 'Documenti',
  description: '',
  content: JSON.stringify([
    { file_name: 'Budget', file_description: 'Il piano dei costi', file_type: 'pdf', dimensions: 10, mandatory: true },
  ]),
  sort: 0,
  stepTypeId: '00000000-0000-4000-8000-000000000003',
  translations: {},
};

let latest: DraftStep = UPLOAD;
function Harness({ initial }: { initial: DraftStep }) {
  const [step, setStep] = useState(initial);
  latest = step;
  return (
    <MantineProvider>
      <StepTextsInLanguage step={step} language="fr" onChange={setStep} nameRef={createRef()} />
    </MantineProvider>
  );
}

describe("a step's texts in another language", () => {
  it("writes an upload slot's name and description in the language, the Italian as placeholder, marking what is missing", {
    timeout: 30_000,
  }, () => {
    render(<Harness initial={UPLOAD} />);
    const name = screen.getByRole('textbox', { name: 'File name' }) as HTMLInputElement;
    const description = screen.getByRole('textbox', { name: 'File description' }) as HTMLTextAreaElement;
    expect(name.placeholder).toBe('Budget');
    expect(description.placeholder).toBe('Il piano dei costi');
    expect(screen.getAllByText('Missing in this language: readers see the Italian text.')).toHaveLength(2);
    fireEvent.change(name, { target: { value: 'Budget du projet' } });
    fireEvent.change(description, { target: { value: 'Le plan des coûts' } });
    expect(latest.translations?.fr?.uploadSlots).toEqual({
      Budget: { name: 'Budget du projet', description: 'Le plan des coûts' },
    });
    expect(screen.queryByText('Missing in this language: readers see the Italian text.')).toBeNull();
  });

  it("writes a text step's question labels and help in the language", { timeout: 30_000 }, () => {
    render(
      <Harness
        initial={{
          ...UPLOAD,
          content: JSON.stringify({ questions: [{ id: 'months', label: 'Mesi', help: 'Da 6 a 24', required: true }] }),
        }}
      />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Mois' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Help' }), { target: { value: 'De 6 à 24' } });
    expect(latest.translations?.fr?.questions).toEqual({ months: { label: 'Mois', help: 'De 6 à 24' } });
  });
});
