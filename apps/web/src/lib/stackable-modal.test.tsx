import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StackableModal } from './stackable-modal';

describe('a modal others open over', () => {
  it('closes on Escape in itself or on the page, not on Escape in a dialog opened over it', () => {
    const onClose = vi.fn();
    render(
      // Mantine's test mode draws no portals: the dialog over it sits in its elements, which the rule must tell apart.
      <MantineProvider env="test">
        <StackableModal opened onClose={onClose} title="Reports">
          <button type="button">Approve</button>
          <div role="dialog" aria-label="Approve this report?">
            <button type="button">Yes</button>
          </div>
        </StackableModal>
      </MantineProvider>,
    );
    fireEvent.keyDown(screen.getByRole('button', { name: 'Yes' }), { key: 'Escape' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Approve' }), { key: 'Enter' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Approve' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
