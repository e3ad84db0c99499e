import type { TStepType } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import type { DraftStep } from '../call-draft';
import { StepsTab } from './steps-tab';

beforeAll(async () => {
  await initI18n('en');
  // jsdom draws nothing: the form's scroll into view does nothing here.
  Element.prototype.scrollIntoView ??= () => {};
});

const textType = { id: '00000000-0000-4000-8000-0000000000t1', name: 'text' } as unknown as TStepType;
const stored: DraftStep = {
  key: 'stored',
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Project',
  description: '',
  content: '{"question":"<p>Describe it</p>"}',
  sort: 0,
  stepTypeId: textType.id,
} as DraftStep;

const actualsType = { id: '00000000-0000-4000-8000-0000000000t2', name: 'impactActuals' } as unknown as TStepType;

let latest: DraftStep[] = [];
function Harness({ initial = [stored], reportForm = false }: { initial?: DraftStep[]; reportForm?: boolean }) {
  const [steps, setSteps] = useState<DraftStep[]>(initial);
  latest = steps;
  return (
    <MantineProvider>
      <StepsTab
        steps={steps}
        stepTypes={[textType, actualsType]}
        showErrors={false}
        onChange={setSteps}
        reportForm={reportForm}
      />
    </MantineProvider>
  );
}

describe("the call editor's steps", () => {
  it('Cancel on a step just added takes it away again, and the keyboard goes back to Add', { timeout: 30_000 }, () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    expect(latest).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(latest).toEqual([stored]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add step' }));
  });

  it('a step just added and left for another step’s form goes away too', { timeout: 30_000 }, () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    expect(latest).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Project' }));
    expect(latest).toEqual([stored]);
    expect(screen.getByLabelText('Step name')).toHaveProperty('value', 'Project');
  });

  it('Cancel on a step being edited keeps it, and the keyboard goes back to its Edit button', {
    timeout: 30_000,
  }, () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Project' }));
    // An application's step may be put in a stage.
    expect(screen.getAllByLabelText(/^Stage/).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(latest).toEqual([stored]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit: Project' }));
  });

  it('warns when a stage 1 step comes after a stage 2 step, until the order is mended', { timeout: 30_000 }, () => {
    const second = { ...stored, key: 'second', id: undefined, name: 'Full project', sort: 0, stage: 2 } as DraftStep;
    render(<Harness initial={[second, { ...stored, sort: 1 }]} />);
    expect(screen.getByTestId('stages-interleaved').textContent).toContain('A stage 1 step comes after a stage 2 step');
    fireEvent.click(screen.getByRole('button', { name: 'Move down: Full project' }));
    expect(screen.queryByTestId('stages-interleaved')).toBeNull();
  });

  it('a report’s form offers no stages, and its impact actuals step asks for no content', { timeout: 30_000 }, () => {
    const actuals = { ...stored, key: 'actuals', name: 'Impact achieved', stepTypeId: actualsType.id, content: '' };
    render(<Harness initial={[actuals]} reportForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Impact achieved' }));
    expect(screen.getByLabelText('Step name')).toBeTruthy();
    expect(screen.queryByLabelText(/^Stage/)).toBeNull();
    expect(screen.queryByLabelText(/^Content/)).toBeNull();
  });

  it('a step moved to the bottom by keyboard keeps the focus on its other arrow', { timeout: 30_000 }, async () => {
    const second = { ...stored, key: 'second', id: undefined, name: 'Budget', sort: 1 } as DraftStep;
    render(<Harness initial={[stored, second]} />);
    const down = screen.getByRole('button', { name: 'Move down: Project' });
    down.focus();
    fireEvent.click(down);
    // Disabled at the bottom, the button lets the focus fall (as a browser does; jsdom needs telling).
    expect((down as HTMLButtonElement).disabled).toBe(true);
    down.blur();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up: Project' })));
  });
});
