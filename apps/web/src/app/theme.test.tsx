import { Drawer, Loader, MantineProvider, Modal } from '@mantine/core';
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
});
