import type { TStepResult, TUserStep } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { loadTranslations } from '../../../lib/i18n/resources';
import { serverKeepingAnswers } from '../../step-kit/answers-server-stub';
import { stepProblems, typingHeld } from '..';
import { pageProblems } from '../page-problems';
import { BudgetStep } from './budget-step';

const names = (name: string) => ({ it: name, en: name, fr: name });
const step: TUserStep = {
  id: '00000000-0000-4000-8000-000000000021',
  name: 'Budget',
  description: '',
  content: JSON.stringify({
    currency: 'EUR',
    periods: ['2027', '2028'],
    categories: [{ id: 'staff', name: names('Staff') }],
  }),
  sort: 0,
  stepTypeId: '00000000-0000-4000-8000-000000000022',
  stepType: { name: 'budget' },
  subSteps: [],
  stage: 1,
};
const submissionId = '00000000-0000-4000-8000-000000000023';
const saved: TStepResult = {
  id: '00000000-0000-4000-8000-000000000024',
  callSubmissionId: submissionId,
  stepId: step.id,
  content: JSON.stringify({
    lines: [{ category: 'staff', description: 'Coordinator', amounts: ['1000', '2000'] }],
    coFunding: [],
  }),
  score: null,
  version: 3,
  updatedAt: '2027-01-01T00:00:00Z',
} as TStepResult;

function show(result: TStepResult = saved) {
  let flush: () => Promise<boolean> = async () => true;
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <main>
          <BudgetStep
            step={step}
            submissionId={submissionId}
            result={result}
            readOnly={false}
            onContent={() => {}}
            registerFlush={(f) => {
              flush = f;
            }}
          />
        </main>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { view: within(view.container), flush: () => flush(), unmount: view.unmount };
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  // A test's draft copy (kept in the browser as lines are added and removed) is not the next one's.
  window.localStorage.clear();
});

describe('the budget step', () => {
  it('a mistyped amount is saved empty and shown with its error; the rest typed meanwhile is saved', async () => {
    window.localStorage.clear();
    const sent = serverKeepingAnswers(submissionId, step.id);
    const { view, flush } = show();
    fireEvent.change(view.getByLabelText('2028 · item 1 of Staff'), { target: { value: '2.000,5x' } });
    fireEvent.change(view.getByLabelText('Description · item 1 of Staff'), {
      target: { value: 'Project coordinator' },
    });
    expect(view.getByDisplayValue('2.000,5x').getAttribute('aria-invalid')).toBe('true');
    // Next and Submit wait until it reads as an amount.
    expect(stepProblems(step, saved.content)).toContain('errors.budget.amountInvalid');
    await act(async () => {
      await flush();
    });
    // (An earlier test's step, gone, may make its last save meanwhile: looked for, not taken last.)
    expect(sent.map((content) => JSON.parse(content).lines)).toContainEqual([
      { category: 'staff', description: 'Project coordinator', amounts: ['1000', null] },
    ]);
    // What is on screen stays as typed, the mistyped amount with it, and is not called saved.
    expect(view.getByDisplayValue('2.000,5x')).toBeTruthy();
    expect(view.getByTestId('save-status').textContent).toBe('Not saved: 1 answer to mend');
    // Fixed, nothing holds the step any more.
    fireEvent.change(view.getByLabelText('2028 · item 1 of Staff'), { target: { value: '2,000.50' } });
    expect(stepProblems(step, saved.content)).toEqual([]);
  });

  it('asks for a new line’s description once its field is left, not the moment the line appears', () => {
    window.localStorage.clear();
    serverKeepingAnswers(submissionId, step.id);
    const { view } = show();
    fireEvent.click(view.getByTestId('budget-add-staff'));
    const description = view.getByLabelText('Description · item 2 of Staff');
    expect(view.queryByText('Write a description.')).toBeNull();
    fireEvent.blur(description);
    expect(view.getByText('Write a description.')).toBeTruthy();
  });

  it('takes the keyboard to a line added, and to its neighbour or "Add" when one is removed', () => {
    window.localStorage.clear();
    serverKeepingAnswers(submissionId, step.id);
    const { view } = show();
    fireEvent.click(view.getByTestId('budget-add-staff'));
    expect(document.activeElement).toBe(view.getByLabelText('Description · item 2 of Staff'));
    fireEvent.click(view.getByRole('button', { name: 'Remove item 2 of Staff' }));
    expect(document.activeElement).toBe(view.getByLabelText('Description · item 1 of Staff'));
    fireEvent.click(view.getByRole('button', { name: 'Remove item 1 of Staff' }));
    expect(document.activeElement).toBe(view.getByTestId('budget-add-staff'));
    fireEvent.click(view.getByTestId('budget-add-source'));
    expect(document.activeElement).toBe(view.getByTestId('budget-source'));
    fireEvent.click(view.getByRole('button', { name: /^Remove/ }));
    expect(document.activeElement).toBe(view.getByTestId('budget-add-source'));
  });

  it('writes the amounts anew when the language changes, so none is read in the wrong one', async () => {
    i18n.addResourceBundle('it', 'translation', await loadTranslations('it'), true, true);
    await act(() => i18n.changeLanguage('it'));
    try {
      const { view } = show();
      const field = view.getByLabelText('2028 · voce 1 di Staff') as HTMLInputElement;
      fireEvent.change(field, { target: { value: '1.234,5' } });
      const other = view.getByLabelText('2027 · voce 1 di Staff') as HTMLInputElement;
      fireEvent.change(other, { target: { value: 'mille' } });
      await act(() => i18n.changeLanguage('en'));
      // Read in English, "1.234,5" did not read at all (or as 1.2345): it is written as English writes it.
      expect(Number.parseFloat(field.value.replace(/,/g, ''))).toBe(1234.5);
      // What did not read stays as typed, still to mend; nothing else is flagged.
      expect(other.value).toBe('mille');
      expect(view.getByTestId('save-status').textContent).toBe('Not saved: 1 answer to mend');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('leaves nothing holding the step once it is left (what is saved is what counts)', () => {
    const { view, unmount } = show();
    fireEvent.change(view.getByLabelText('2027 · item 1 of Staff'), { target: { value: 'mille' } });
    expect(stepProblems(step, saved.content)).toContain('errors.budget.amountInvalid');
    // Not saved, it lives only on the page: the wizard asks before leaving it.
    expect(typingHeld(step)).toBe(true);
    unmount();
    expect(stepProblems(step, saved.content)).toEqual([]);
    expect(typingHeld(step)).toBe(false);
  });

  it('on a phone, shows each line, source and total as a card: every field and figure under its own label', () => {
    window.localStorage.clear();
    serverKeepingAnswers(submissionId, step.id);
    // Every media query asking for at most 40em matches, as on a 390 px phone.
    const real = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...real(query), matches: query.includes('max-width: 40em') }));
    const { view } = show();
    expect(view.queryByTestId('budget-lines-staff')).toBeNull();
    const card = within(view.getByRole('list', { name: 'Staff' })).getByRole('listitem');
    expect((within(card).getByLabelText('Description · item 1 of Staff') as HTMLInputElement).value).toBe(
      'Coordinator',
    );
    // Each amount's period is written above it, not in a column head off to the side.
    const amount2028 = within(card).getByLabelText('2028 · item 1 of Staff') as HTMLInputElement;
    expect(amount2028.value).toBe('2000');
    expect(within(card).getByText('2028').tagName).toBe('LABEL');
    expect(within(card).getByRole('button', { name: 'Remove item 1 of Staff' })).toBeTruthy();
    // A co-funding source is a card too: each field under its own label, in the same order.
    fireEvent.click(view.getByTestId('budget-add-source'));
    const source = within(view.getByRole('list', { name: 'Co-funding sources' })).getByRole('listitem');
    const fields = [
      within(source).getByLabelText('Source 1: name'),
      within(source).getByLabelText('Source 1: kind'),
      within(source).getByLabelText('Source 1: amount'),
      within(source).getByLabelText('Source 1: confirmed'),
      within(source).getByRole('button', { name: 'Remove source 1' }),
    ];
    for (const field of fields.slice(0, 3)) {
      const label = source.querySelector(`label[for="${field.id}"]`);
      expect(label?.textContent, field.id).toBeTruthy();
    }
    // Keyboard order is reading order: each one follows the one before it in the document.
    fields.slice(1).forEach((field, i) => {
      expect((fields[i]?.compareDocumentPosition(field) ?? 0) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });
    // The totals are cards as well, no table to scroll sideways: each period's figure under its name.
    expect(view.queryByTestId('budget-totals')).toBeNull();
    expect(view.queryByRole('table')).toBeNull();
    const totals = within(view.getByRole('list', { name: 'Totals' })).getAllByRole('listitem');
    const staff = totals.find((c) => c.textContent?.startsWith('Staff'));
    if (!staff) throw new Error('no card for Staff');
    const terms = [...staff.querySelectorAll('dt')].map((dt) => dt.textContent);
    const values = [...staff.querySelectorAll('dd')].map((dd) => dd.textContent?.replace(/\s/g, ' '));
    expect(terms).toEqual(['2027:', '2028:', 'Total:']);
    expect(values).toEqual(['€1,000.00', '€2,000.00', '€3,000.00']);
  });

  it('starts a co-funding source with no kind: saved so, and Next names the kind missing at its field', async () => {
    window.localStorage.clear();
    const sent = serverKeepingAnswers(submissionId, step.id);
    const { view, flush } = show();
    fireEvent.click(view.getByTestId('budget-add-source'));
    const kind = view.getByLabelText('Source 1: kind') as HTMLSelectElement;
    // Nothing chosen for the applicant: the placeholder shows, not "Own funds".
    expect(kind.value).toBe('');
    expect(kind.selectedOptions[0]?.textContent).toBe('Choose the kind');
    // Not an error the moment the source appears ...
    expect(kind.getAttribute('aria-invalid')).not.toBe('true');
    expect(view.queryByText('Choose the kind of this source.')).toBeNull();
    // ... but the draft is saved with it, and Next is held.
    await act(async () => {
      await flush();
    });
    expect(JSON.parse(sent.at(-1) ?? '{}').coFunding).toEqual([
      { source: '', kind: null, amount: null, confirmed: false },
    ]);
    expect(stepProblems(step, sent.at(-1))).toContain('errors.budget.coFundingWithoutKind');
    // Next refused: the wizard asks the step to show its problems, at the field.
    act(() => pageProblems.reveal(step.id));
    expect(kind.getAttribute('aria-invalid')).toBe('true');
    const message = view.getByText('Choose the kind of this source.');
    expect(kind.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    // The list of what to fix names it too.
    expect(within(view.getByTestId('budget-problems')).getByText('Source 1 has no kind.')).toBeTruthy();
    // Chosen, nothing holds the step.
    fireEvent.change(kind, { target: { value: 'otherFunders' } });
    expect(view.queryByText('Choose the kind of this source.')).toBeNull();
    await act(async () => {
      await flush();
    });
    expect(JSON.parse(sent.at(-1) ?? '{}').coFunding[0].kind).toBe('otherFunders');
    expect(stepProblems(step, sent.at(-1))).toEqual([]);
  });

  it('asks for the kind of a source saved without one as soon as the step opens', () => {
    window.localStorage.clear();
    serverKeepingAnswers(submissionId, step.id);
    const content = JSON.stringify({
      ...JSON.parse(saved.content ?? '{}'),
      coFunding: [{ source: 'Regione', kind: null, amount: '500', confirmed: false }],
    });
    const { view } = show({ ...saved, content });
    expect((view.getByLabelText('Source 1: kind') as HTMLSelectElement).getAttribute('aria-invalid')).toBe('true');
    expect(view.getByText('Choose the kind of this source.')).toBeTruthy();
  });
});
