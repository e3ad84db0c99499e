import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { Component, type ComponentType, type ReactNode, useEffect } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/i18n';
import type { StepProps } from '../step-kit/step-props';
import { useFlushReset } from '../step-kit/use-flush-reset';
import { lazyStep } from './lazy-step';

const savingFlush = async () => true;
/** A step that saves typing: it registers its own flush, as the text, impact and survey steps do. */
function SavingStep({ registerFlush }: StepProps) {
  useEffect(() => registerFlush(savingFlush), [registerFlush]);
  return <p>the impact step</p>;
}
/** What the wizard's StepBody does around every step. */
function Body({ Step, ...stepProps }: StepProps & { Step: ComponentType<StepProps> }) {
  useFlushReset(stepProps.registerFlush);
  return <Step {...stepProps} />;
}

const props = (registered: (() => Promise<boolean>)[]): StepProps => ({
  step: { id: 's1' } as StepProps['step'],
  submissionId: 'sub',
  result: undefined,
  readOnly: false,
  subStep: 0,
  onContent: () => {},
  registerFlush: (flush) => {
    registered.push(flush);
  },
});

/** Step types whose component comes in a file of its own (step-types/lazy-step.tsx). */
describe('a step type loaded on demand', () => {
  // The texts the person reads, whichever language an earlier test file left loaded.
  beforeAll(async () => {
    await initI18n('en');
  });
  it('shows a loader with nothing to save while its file comes, then the step and its flush', async () => {
    let arrive: (step: ComponentType<StepProps>) => void = () => {};
    const { Step } = lazyStep(
      () =>
        new Promise((resolve) => {
          arrive = resolve;
        }),
    );
    const registered: (() => Promise<boolean>)[] = [];
    render(
      <MantineProvider>
        <Body {...props(registered)} Step={Step} />
      </MantineProvider>,
    );
    expect((await screen.findByRole('status')).textContent).toBe('Loading the step…');
    // The previous step's flush must not stand in for this one while it loads.
    expect(registered).toHaveLength(1);
    expect(await registered[0]?.()).toBe(true);
    arrive(SavingStep);
    expect(await screen.findByText('the impact step')).toBeTruthy();
    // Once there, the step's own flush is the one the wizard calls (its effect runs just after
    // the text shows: on a busy machine, a moment after).
    await waitFor(() => expect(registered.at(-1)).toBe(savingFlush));
  });

  it('tries the file again when a fetch ahead of time failed', async () => {
    let attempts = 0;
    const { Step, preload } = lazyStep(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline for a moment');
      return SavingStep;
    });
    preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(
      <MantineProvider>
        <Step {...props([])} />
      </MantineProvider>,
    );
    expect(await screen.findByText('the impact step')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('says so, and offers a reload, when its file cannot be fetched', async () => {
    const { Step } = lazyStep(() => Promise.reject(new Error('connection dropped')));
    render(
      <MantineProvider>
        <Step {...props([])} />
      </MantineProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('This step could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });

  it('lets any other error of the step go on to the page', async () => {
    const { Step } = lazyStep(async () => () => {
      throw new Error('a bug in the step');
    });
    let caught: unknown = null;
    class Page extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError(error: unknown) {
        caught = error;
        return { failed: true };
      }
      override render() {
        return this.state.failed ? <p>page error</p> : this.props.children;
      }
    }
    render(
      <MantineProvider>
        <Page>
          <Step {...props([])} />
        </Page>
      </MantineProvider>,
    );
    expect(await screen.findByText('page error')).toBeTruthy();
    expect(String(caught)).toContain('a bug in the step');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
