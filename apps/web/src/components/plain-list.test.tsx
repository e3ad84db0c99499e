import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { PlainList } from './plain-list';

describe('PlainList', () => {
  it('says role="list" outright, numbered or not, and hands its element to a ref', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <MantineProvider>
        <PlainList aria-label="Steps" ordered ref={ref}>
          <li>One</li>
          <li>Two</li>
        </PlainList>
        <PlainList aria-label="Replies" pl="md">
          <li>Only</li>
        </PlainList>
      </MantineProvider>,
    );
    const steps = screen.getByRole('list', { name: 'Steps' });
    expect(steps.tagName).toBe('OL');
    expect(steps.getAttribute('role')).toBe('list');
    expect(steps.style.listStyle).toBe('none');
    expect(ref.current).toBe(steps);
    const replies = screen.getByRole('list', { name: 'Replies' });
    expect(replies.tagName).toBe('UL');
    expect(replies.getAttribute('role')).toBe('list');
  });
});
