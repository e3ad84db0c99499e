import { Drawer, Loader, MantineProvider, Menu, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
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
});
