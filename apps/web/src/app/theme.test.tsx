import { Loader, MantineProvider } from '@mantine/core';
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
});
