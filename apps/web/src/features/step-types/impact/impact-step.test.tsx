import { MINI_DYI_SUB, type TStepResult, type TUserStep } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { impactKeys } from '../../../lib/api/impact-frameworks';
import { initI18n } from '../../../lib/i18n/i18n';
import { signInForTest } from '../../../lib/test-session';
import { stepProblems, typingHeld } from '..';
import { ImpactStep } from './impact-step';

const step: TUserStep = {
  id: '00000000-0000-4000-8000-000000000041',
  name: 'Impact',
  description: '',
  content: JSON.stringify({ frameworkId: '00000000-0000-4000-8000-000000000042' }),
  sort: 0,
  stepTypeId: '00000000-0000-4000-8000-000000000043',
  stepType: { name: 'miniDyi' },
  subSteps: [],
  stage: 1,
};

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** The impact step on a page, unanswered and writable unless told otherwise. */
function impactPage(client: QueryClient, props: Partial<ComponentProps<typeof ImpactStep>> = {}) {
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ImpactStep
          step={step}
          submissionId="00000000-0000-4000-8000-000000000044"
          result={undefined}
          readOnly={false}
          subStep={MINI_DYI_SUB.budget}
          onContent={() => {}}
          registerFlush={() => {}}
          {...props}
        />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Signed in, the server never answering, and the step's framework without outcomes or stakeholders. */
function signedInWithEmptyFramework() {
  signInForTest();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  const client = new QueryClient();
  client.setQueryData(impactKeys.pickers('00000000-0000-4000-8000-000000000042'), {
    outcomes: [],
    indicators: [],
    stakeholders: [],
  });
  return client;
}

describe('the impact step’s amounts', () => {
  it('keep a value out of range as typed and say why, instead of moving it into range when left', () => {
    signInForTest();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const view = within(render(impactPage(new QueryClient())).container);
    const spent = view.getByRole('textbox', { name: /already spent/i }) as HTMLInputElement;
    fireEvent.change(spent, { target: { value: '-500' } });
    fireEvent.blur(spent);
    expect(spent.value).toBe('-500');
    expect(spent.getAttribute('aria-invalid')).toBe('true');
    expect(view.getByText('The value must be zero or more.')).toBeTruthy();
  });
});

describe('the impact step’s own outcomes', () => {
  it('take the keyboard to an outcome added, and to the next one or "Add" when one is removed', () => {
    const client = signedInWithEmptyFramework();
    const view = within(
      render(impactPage(client, { submissionId: '00000000-0000-4000-8000-000000000045', subStep: MINI_DYI_SUB.custom }))
        .container,
    );
    const add = view.getByRole('button', { name: 'Add custom outcome' });
    fireEvent.click(add);
    fireEvent.click(add);
    const names = view.getAllByRole('textbox', { name: /Outcome name/ });
    expect(document.activeElement).toBe(names[1]);
    fireEvent.click(view.getAllByRole('button', { name: 'Remove' })[0] as HTMLElement);
    expect(document.activeElement).toBe(view.getByRole('textbox', { name: /Outcome name/ }));
    fireEvent.click(view.getByRole('button', { name: 'Remove' }));
    expect(document.activeElement).toBe(add);
  });
});

describe('the impact step’s gaps', () => {
  it('wait for Next or Submit, then each is said at its field, a just-added outcome’s too', () => {
    const client = signedInWithEmptyFramework();
    const page = (problemsShown: boolean) =>
      impactPage(client, {
        submissionId: '00000000-0000-4000-8000-000000000050',
        subStep: MINI_DYI_SUB.custom,
        problemsShown: problemsShown,
      });
    const rendered = render(page(false));
    const view = within(rendered.container);
    fireEvent.click(view.getByRole('button', { name: 'Add custom outcome' }));
    const name = view.getByRole('textbox', { name: /Outcome name/ });
    expect(name.getAttribute('aria-invalid')).not.toBe('true');
    // The wizard asked for Next: the outcome's name is said missing at its field.
    rendered.rerender(page(true));
    expect(view.getByRole('textbox', { name: /Outcome name/ }).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the framework’s texts on a page in another language', () => {
  const ids = { outcome: '00000000-0000-4000-8000-000000000046', youth: '00000000-0000-4000-8000-000000000047' };
  const chosen = {
    outcomeId: ids.outcome,
    sdg: 8,
    outcomeName: 'Occupazione giovanile',
    stakeholderId: ids.youth,
    stakeholderName: 'Giovani',
    customKey: null,
    indicators: [],
  };
  const own = { ...chosen, outcomeId: null, sdg: null, outcomeName: 'Vicinato', customKey: 'own1' };
  const result = {
    id: '00000000-0000-4000-8000-000000000048',
    callSubmissionId: '00000000-0000-4000-8000-000000000049',
    stepId: step.id,
    content: JSON.stringify({ budget: null, budgetSpent: null, sdg: [8], selectedOutcomes: [chosen, own] }),
    score: null,
    version: 1,
    updatedAt: '2027-01-01T00:00:00Z',
  } as TStepResult;
  const showAt = (subStep: number) => {
    const client = new QueryClient();
    client.setQueryData(impactKeys.pickers('00000000-0000-4000-8000-000000000042'), {
      outcomes: [{ id: ids.outcome, name: 'Occupazione giovanile', description: 'Lavoro stabile', sdg: [8] }],
      indicators: [],
      stakeholders: [{ id: ids.youth, name: 'Giovani', description: '' }],
    });
    return within(render(impactPage(client, { submissionId: result.callSubmissionId, result, subStep })).container);
  };

  it('marks an outcome, its description and its stakeholder as Italian, and leaves the applicant’s own unmarked', () => {
    signInForTest();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const outcomes = showAt(MINI_DYI_SUB.outcomes);
    // In the checkbox's label, and in the stakeholder picker's label that names it.
    const named = outcomes.getAllByText('Occupazione giovanile', { selector: 'span' });
    expect(named.map((e) => e.getAttribute('lang'))).toEqual(['it', 'it']);
    expect(outcomes.getByText('Lavoro stabile').getAttribute('lang')).toBe('it');
    // The stakeholder's picker: its label names the outcome in Italian, its value is Italian.
    const stakeholder = outcomes.getByLabelText(/Stakeholder for/, { selector: 'input' });
    expect(stakeholder.getAttribute('lang')).toBe('it');
    expect((stakeholder as HTMLInputElement).value).toBe('Giovani');
    const custom = showAt(MINI_DYI_SUB.custom);
    const ownPicker = custom.getByLabelText(/Stakeholder for/, { selector: 'input' }) as HTMLInputElement;
    const ownLabel = ownPicker.labels?.[0];
    expect(ownLabel?.textContent).toContain('Vicinato');
    expect(ownLabel?.querySelector('[lang]')).toBeNull();
  });
});

describe('the impact step’s figures as people type them', () => {
  const budgetPage = () => {
    signInForTest();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const contents: string[] = [];
    const view = within(
      render(
        impactPage(new QueryClient(), {
          submissionId: '00000000-0000-4000-8000-000000000045',
          onContent: (content) => {
            contents.push(content);
          },
        }),
      ).container,
    );
    return { view, spent: () => JSON.parse(contents.at(-1) ?? '{}').budgetSpent };
  };

  it('reads "1.000,50" typed in French as a thousand and fifty cents, never as 1', async () => {
    await initI18n('fr');
    try {
      const { view, spent } = budgetPage();
      const field = view.getByRole('textbox', { name: /déjà dépensé/i }) as HTMLInputElement;
      fireEvent.change(field, { target: { value: '1.000,50' } });
      expect(spent()).toBe(1000.5);
      fireEvent.blur(field);
      expect(field.value).toBe('1\u202f000,50');
      fireEvent.change(field, { target: { value: '1\u202f200' } });
      expect(spent()).toBe(1200);
    } finally {
      await initI18n('en');
    }
  });

  it('says a figure it cannot read without guessing, keeps it as typed, and stores no number for it', () => {
    const { view, spent } = budgetPage();
    const field = view.getByRole('textbox', { name: /already spent/i }) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '12,34' } });
    fireEvent.blur(field);
    expect(field.value).toBe('12,34');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(view.getByText(/not a number we can read without guessing/)).toBeTruthy();
    expect(spent()).toBeNull();
    // Stored as none, it is not called saved, and Next and Submit wait for it.
    expect(view.getByTestId('save-status').textContent).toBe('Not saved: 1 answer to mend');
    // The wizard's check of the step (Next, Submit, the menu's ticks) names it.
    expect(
      stepProblems(
        step,
        JSON.stringify({ budget: 1000, budgetSpent: null, sdg: [], selectedOutcomes: [] }),
        MINI_DYI_SUB.budget,
      ),
    ).toContain('errors.amount.unreadable');
    // Not saved, it lives only on the page: the wizard asks before leaving it.
    expect(typingHeld(step)).toBe(true);
    fireEvent.change(field, { target: { value: '12.34' } });
    expect(typingHeld(step)).toBe(false);
    expect(spent()).toBe(12.34);
    expect(
      stepProblems(
        step,
        JSON.stringify({ budget: 1000, budgetSpent: 12.34, sdg: [], selectedOutcomes: [] }),
        MINI_DYI_SUB.budget,
      ),
    ).not.toContain('errors.amount.unreadable');
  });
});
