import { Drawer, Loader, MantineProvider, Menu, Modal, MultiSelect, Select } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  it('gives every named loader a role, so its name is allowed and announced', () => {
    render(
      <MantineProvider theme={theme}>
        <Loader aria-label="Caricamento" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Caricamento' })).toBeTruthy();
  });

  it('keeps a dialog’s header out of the page’s landmarks (one banner: the site’s)', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Modal opened onClose={() => {}} title="Close this grant?">
          body
        </Modal>
        <Drawer opened onClose={() => {}} title="Filters">
          body
        </Drawer>
      </MantineProvider>,
    );
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    expect(screen.queryAllByRole('banner')).toHaveLength(0);
  });

  it('keeps a menu to its items (no hidden focus holder inside it)', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Menu opened>
          <Menu.Target>
            <button type="button">Set up</button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>New call type</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </MantineProvider>,
    );
    const menu = screen.getByRole('menu');
    expect([...menu.children].map((child) => child.getAttribute('role'))).toEqual(['menuitem']);
  });

  it('keeps Enter in a closed select, or on no option, from submitting the form; Enter on an option picks it', () => {
    // jsdom has no scrolling; Mantine scrolls the highlighted option into view.
    Element.prototype.scrollIntoView ??= () => {};
    const submitted: string[] = [];
    render(
      <MantineProvider theme={theme} env="test">
        <form onSubmit={(e) => e.preventDefault()}>
          <Select
            label="Form"
            data={['Final report', 'Interim report']}
            onChange={(v) => submitted.push(`picked ${v}`)}
          />
          <MultiSelect label="SDGs" data={['1', '2']} />
        </form>
      </MantineProvider>,
    );
    const inputNamed = (name: string) =>
      screen.getAllByLabelText(name).find((element) => element.tagName === 'INPUT') as HTMLInputElement;
    const select = inputNamed('Form');
    // fireEvent answers false when the default (here the implicit submission) was prevented.
    expect(fireEvent.keyDown(select, { key: 'Enter', code: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(inputNamed('SDGs'), { key: 'Enter', code: 'Enter' })).toBe(false);
    // Open, an option highlighted: Enter picks it.
    fireEvent.keyDown(select, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(select, { key: 'ArrowDown', code: 'ArrowDown' });
    expect(fireEvent.keyDown(select, { key: 'Enter', code: 'Enter' })).toBe(false);
    expect(submitted).toEqual(['picked Interim report']);
    // Other keys are left alone.
    expect(fireEvent.keyDown(select, { key: 'a', code: 'KeyA' })).toBe(true);
  });
});
