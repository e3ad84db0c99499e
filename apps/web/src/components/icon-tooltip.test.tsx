import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IconTooltip } from './icon-tooltip';

function renderIcon() {
  render(
    <IconTooltip label="Download">
      <button type="button" aria-label="Download budget.pdf">
        ↓
      </button>
    </IconTooltip>,
  );
  return screen.getByRole('button', { name: 'Download budget.pdf' });
}

describe('an icon button’s CSS tooltip', () => {
  it('describes the button, which keeps its own name, and is there from the first render', () => {
    const button = renderIcon();
    const tip = screen.getByRole('tooltip', { hidden: true });
    expect(tip.textContent).toBe('Download');
    expect(button.getAttribute('aria-describedby')).toBe(tip.id);
  });

  it('Escape dismisses it until the focus or the pointer leaves, without moving the focus', () => {
    const button = renderIcon();
    button.focus();
    const holder = button.parentElement as HTMLElement;
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(holder.hasAttribute('data-dismissed')).toBe(true);
    expect(document.activeElement).toBe(button);
    fireEvent.blur(button);
    expect(holder.hasAttribute('data-dismissed')).toBe(false);
    fireEvent.keyDown(button, { key: 'Escape' });
    fireEvent.mouseLeave(holder);
    expect(holder.hasAttribute('data-dismissed')).toBe(false);
  });
});
