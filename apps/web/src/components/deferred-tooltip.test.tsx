import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredTooltip, preloadTooltip } from './deferred-tooltip';

// The tooltip's file cannot be fetched (a dropped connection, a deployment that removed it).
vi.mock('./tooltip-module', () => {
  throw new Error('offline');
});

describe('a tooltip whose file comes later', () => {
  it('leaves its control working, and the page standing, when the file cannot be fetched', async () => {
    preloadTooltip();
    render(
      <MantineProvider>
        <DeferredTooltip label="Download">
          <button type="button" aria-label="Download">
            ↓
          </button>
        </DeferredTooltip>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  });
});
