import type { TUserStep } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StepMenu } from './step-menu';

const step = (n: number): TUserStep => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Step ${n}`,
  description: '',
  content: '{}',
  sort: n,
  stepTypeId: '00000000-0000-4000-8000-000000000009',
  stepType: { name: 'text' },
  subSteps: [],
  stage: 1,
});

describe('the step menu', () => {
  it('refuses a step not reachable yet, from the keyboard as from the mouse, and says so', () => {
    const onGo = vi.fn();
    render(
      <MantineProvider>
        <StepMenu
          steps={[step(1), step(2)]}
          position={{ step: 0, subStep: 0 }}
          isDone={() => false}
          canGoTo={(index) => index === 0}
          onGo={onGo}
        />
      </MantineProvider>,
    );
    const later = screen.getByRole('button', { name: 'Step 2' });
    expect(later.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(later);
    fireEvent.keyDown(later, { key: 'Enter' });
    expect(onGo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Step 1' }));
    expect(onGo).toHaveBeenCalledWith({ step: 0, subStep: 0 });
  });

  it('marks a step name shown in Italian to a reader of another language, and no other', () => {
    render(
      <MantineProvider>
        <StepMenu
          steps={[{ ...step(1), textLanguages: { name: 'it' } }, step(2)]}
          position={{ step: 0, subStep: 0 }}
          isDone={() => false}
          canGoTo={() => true}
          onGo={() => {}}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('Step 1').getAttribute('lang')).toBe('it');
    expect(screen.getByText('Step 2').hasAttribute('lang')).toBe(false);
  });
});
