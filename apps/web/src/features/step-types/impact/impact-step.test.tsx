import { MINI_DYI_SUB, type TUserStep } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { impactKeys } from '../../../lib/api/impact-frameworks';
import { initI18n } from '../../../lib/i18n/i18n';
import { signInForTest } from '../../../lib/test-session';
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

describe('the impact step’s amounts', () => {
  it('keep a value out of range as typed and say why, instead of moving it into range when left', () => {
    signInForTest();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const view = within(
      render(
        <MantineProvider>
          <QueryClientProvider client={new QueryClient()}>
            <ImpactStep
              step={step}
              submissionId="00000000-0000-4000-8000-000000000044"
              result={undefined}
              readOnly={false}
              subStep={MINI_DYI_SUB.budget}
              onContent={() => {}}
              registerFlush={() => {}}
            />
          </QueryClientProvider>
        </MantineProvider>,
      ).container,
    );
    const spent = view.getByRole('textbox', { name: /already spent/i }) as HTMLInputElement;
    fireEvent.change(spent, { target: { value: '-500' } });
    fireEvent.blur(spent);
    expect(spent.value).toBe('-€500');
    expect(spent.getAttribute('aria-invalid')).toBe('true');
    expect(view.getByText('The value must be zero or more.')).toBeTruthy();
  });
});

describe('the impact step’s own outcomes', () => {
  it('take the keyboard to an outcome added, and to the next one or "Add" when one is removed', () => {
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
    const view = within(
      render(
        <MantineProvider>
          <QueryClientProvider client={client}>
            <ImpactStep
              step={step}
              submissionId="00000000-0000-4000-8000-000000000045"
              result={undefined}
              readOnly={false}
              subStep={MINI_DYI_SUB.custom}
              onContent={() => {}}
              registerFlush={() => {}}
            />
          </QueryClientProvider>
        </MantineProvider>,
      ).container,
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
