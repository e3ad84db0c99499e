import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/i18n';
import { LoginCallbackPage } from './login-callback-page';

beforeAll(async () => {
  await initI18n('en');
});

describe('the sign-in callback page', () => {
  it('when the sign-in cannot complete, says so in a heading and starts it again from here', async () => {
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/login-callback']}>
          <Routes>
            <Route path="/login-callback" element={<LoginCallbackPage />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in failed' })).toBeTruthy();
    expect(screen.getByText(/started at another address of this site/).textContent).toContain(window.location.host);
    const again = screen.getByRole('link', { name: 'Log in again' });
    expect(again.getAttribute('href')).toMatch(/^\/api\/Auth\/.*lang=en/);
  });
});
