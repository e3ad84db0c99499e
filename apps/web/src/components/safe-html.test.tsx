import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html';

describe('admin-written HTML', () => {
  it('says its language when it is not the page’s, and drops what is not allowed', () => {
    const { container } = render(
      <MantineProvider>
        <SafeHtml html={'<p>Descrizione</p><script>alert(1)</script>'} lang="it" />
        <SafeHtml html="<p>Description</p>" />
      </MantineProvider>,
    );
    const marked = container.querySelector('[lang="it"]');
    expect(marked?.innerHTML).toBe('<p>Descrizione</p>');
    expect(container.querySelectorAll('[lang]')).toHaveLength(1);
    expect(container.querySelector('script')).toBeNull();
  });
});
