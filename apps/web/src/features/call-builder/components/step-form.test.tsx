import { DEFAULT_BUDGET_CONTENT, type TStepType } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { impactKeys } from '../../../lib/api/impact-frameworks';
import { initI18n } from '../../../lib/i18n/i18n';
import { StepForm } from './step-form';

beforeAll(async () => {
  await initI18n('en');
  // jsdom draws nothing: the form's scroll into view does nothing here.
  Element.prototype.scrollIntoView ??= () => {};
});

const impactType = { id: '00000000-0000-4000-8000-0000000000a1', name: 'miniDyi' } as TStepType;
const budgetType = { id: '00000000-0000-4000-8000-0000000000a2', name: 'budget' } as TStepType;
const uploadType = { id: '00000000-0000-4000-8000-0000000000a3', name: 'upload' } as TStepType;

/** The step form on one step of the given type, its Save recorded. */
function renderForm(type: TStepType, content: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(impactKeys.frameworks(), []);
  const onSave = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter>
          <StepForm
            step={{ key: 'k', name: 'Step', description: '', content, sort: 0, stepTypeId: type.id }}
            position={1}
            stepTypes={[impactType, budgetType, uploadType]}
            onSave={onSave}
            onCancel={() => {}}
          />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return onSave;
}

describe("the call editor's step form", () => {
  it('asks once for the impact step’s framework, at its field, and takes the keyboard there', () => {
    const onSave = renderForm(impactType, '');
    expect(onSave).not.toHaveBeenCalled();
    const saying = (text: string) =>
      screen.queryAllByText((_, e) => e?.children.length === 0 && e.textContent === text);
    expect(saying("Choose the step's framework.")).toHaveLength(1);
    expect(saying("Choose the impact step's framework.")).toHaveLength(0);
    const field = screen.getByLabelText(/^Impact framework/, { selector: 'input' });
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('names the budget field that is wrong, at that field, and takes the keyboard there', () => {
    const onSave = renderForm(budgetType, JSON.stringify({ ...DEFAULT_BUDGET_CONTENT, currency: 'EU' }));
    expect(onSave).not.toHaveBeenCalled();
    const currency = screen.getByRole('textbox', { name: 'Currency' });
    expect(document.activeElement).toBe(currency);
    const message = document.getElementById(currency.getAttribute('aria-describedby')?.split(' ').pop() ?? '');
    expect(message?.textContent).toBe('Write the currency as its three-letter code in capitals, for example EUR.');
    expect(screen.queryByText(/not valid for its type/)).toBeNull();
  });

  it('says a file without a name once, at its name, and takes the keyboard there', () => {
    const unnamed = { file_name: ' ', file_description: '', file_type: 'pdf', dimensions: 1024, mandatory: true };
    const onSave = renderForm(uploadType, JSON.stringify([unnamed]));
    expect(onSave).not.toHaveBeenCalled();
    const name = screen.getByRole('textbox', { name: 'File name' });
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/not valid for its type/)).toBeNull();
  });

  it('still says why Save is refused when the upload editor cannot show the problem', () => {
    // Not a list of files: the editor shows none, so the form's own message is the only word.
    const onSave = renderForm(uploadType, JSON.stringify({ files: 'none' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText(/not valid for its type/)).toBeTruthy();
  });
});
