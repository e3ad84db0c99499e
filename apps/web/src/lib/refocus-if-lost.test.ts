import { afterEach, describe, expect, it } from 'vitest';
import { refocusIfLost } from './refocus-if-lost';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('giving the focus back', () => {
  it('waits for a button still disabled (a failed save redraws it late), then focuses it', async () => {
    const button = document.createElement('button');
    button.disabled = true;
    document.body.append(button);
    refocusIfLost(() => button);
    setTimeout(() => {
      button.disabled = false;
    }, 60);
    await new Promise((r) => setTimeout(r, 200));
    expect(document.activeElement).toBe(button);
  });

  it('leaves the focus where a person moved it meanwhile', async () => {
    const button = document.createElement('button');
    const field = document.createElement('input');
    document.body.append(button, field);
    field.focus();
    refocusIfLost(() => button);
    await new Promise((r) => setTimeout(r, 100));
    expect(document.activeElement).toBe(field);
  });
});
