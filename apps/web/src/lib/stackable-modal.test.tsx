import { MantineProvider, Select } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StackableModal } from './stackable-modal';

describe('a modal others open over', () => {
  it('closes on Escape in itself, not on Escape in a dialog opened over it, nor on other keys', () => {
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
  });

  it('Escape in an open Select inside it closes the Select alone', () => {
    const onClose = vi.fn();
    render(
      <MantineProvider env="test">
        <StackableModal opened onClose={onClose} title="Tranches">
          <Select label="Payable" data={['On acceptance', 'On a date']} />
        </StackableModal>
      </MantineProvider>,
    );
    const select = screen.getAllByLabelText('Payable').find((el) => el.tagName === 'INPUT') as HTMLElement;
    fireEvent.click(select);
    expect(select.getAttribute('data-mantine-stop-propagation')).toBe('true');
    fireEvent.keyDown(select, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(select, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Escape on the page (the focus fell there) closes only the topmost of two', () => {
    const under = vi.fn();
    const over = vi.fn();
    render(
      <MantineProvider env="test">
        <StackableModal opened onClose={under} title="Reports">
          <p>Reports</p>
        </StackableModal>
        <StackableModal opened onClose={over} title="Request changes">
          <p>Changes</p>
        </StackableModal>
      </MantineProvider>,
    );
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(over).toHaveBeenCalledTimes(1);
    expect(under).not.toHaveBeenCalled();
  });
});

describe('a modal drawn only while open', () => {
  it('gives the keyboard back to what opened it when it goes', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Request changes';
    document.body.appendChild(opener);
    opener.focus();
    const view = render(
      <MantineProvider env="test">
        <StackableModal opened onClose={() => {}} title="Request changes">
          <p>Steps</p>
        </StackableModal>
      </MantineProvider>,
    );
    (document.activeElement as HTMLElement | null)?.blur();
    view.unmount();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
