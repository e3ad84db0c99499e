import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredTooltip } from './deferred-tooltip';

// The tooltip's file arrives when the test says so (a slow line).
const gate = vi.hoisted(() => {
  let open: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { arrived, open: () => open() };
});
vi.mock('./tooltip-module', async () => {
  await gate.arrived;
  const { Tooltip } = await import('@mantine/core');
  return { default: Tooltip };
});

describe('a tooltip whose file comes while its control has the focus', () => {
  it('gives the focus back to the control drawn anew inside the tooltip', async () => {
    render(
      <MantineProvider>
        <DeferredTooltip label="Download">
          <button type="button" aria-label="Download">
            ↓
          </button>
        </DeferredTooltip>
      </MantineProvider>,
    );
    const before = screen.getByRole('button', { name: 'Download' });
    before.focus();
    expect(document.activeElement).toBe(before);
    await act(async () => {
      gate.open();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const after = screen.getByRole('button', { name: 'Download' });
    expect(after).not.toBe(before); // drawn anew: without the hand-back the focus would be on <body>
    expect(document.activeElement).toBe(after);
  });
});
