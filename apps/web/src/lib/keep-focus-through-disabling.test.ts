import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepFocusThroughDisabling } from './keep-focus-through-disabling';

/** As Chromium does: a focused control that becomes disabled is blurred, the focus left on the body. */
function disable(button: HTMLButtonElement) {
  // (jsdom neither blurs a control it disables nor blurs a disabled one: blurred first, told after.)
  button.blur();
  button.disabled = true;
  button.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
}

describe('the focus kept through a control disabled for its work', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('comes back to the control once it is enabled again', () => {
    vi.useFakeTimers();
    stop = keepFocusThroughDisabling();
    document.body.innerHTML = '<button id="save">Save</button><input id="other">';
    const save = document.getElementById('save') as HTMLButtonElement;
    save.focus();
    disable(save);
    vi.advanceTimersByTime(2_000);
    expect(document.activeElement).toBe(document.body);
    save.disabled = false;
    vi.advanceTimersByTime(50);
    expect(document.activeElement).toBe(save);
  });

  it('leaves the person where they went meanwhile, and a control that went away', () => {
    vi.useFakeTimers();
    stop = keepFocusThroughDisabling();
    document.body.innerHTML = '<button id="save">Save</button><input id="other"><button id="gone">Delete</button>';
    const save = document.getElementById('save') as HTMLButtonElement;
    const other = document.getElementById('other') as HTMLInputElement;
    save.focus();
    disable(save);
    other.focus();
    save.disabled = false;
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(other);
    const gone = document.getElementById('gone') as HTMLButtonElement;
    gone.focus();
    disable(gone);
    gone.remove();
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(document.body);
  });

  it('lets go once the person clicks or types meanwhile, and of a control in a part being hidden', () => {
    vi.useFakeTimers();
    stop = keepFocusThroughDisabling();
    document.body.innerHTML = '<button id="save">Save</button><div id="dialog"><button id="send">Send</button></div>';
    const save = document.getElementById('save') as HTMLButtonElement;
    save.focus();
    disable(save);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    save.disabled = false;
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(document.body);
    const send = document.getElementById('send') as HTMLButtonElement;
    send.focus();
    disable(send);
    document.getElementById('dialog')?.setAttribute('aria-hidden', 'true');
    send.disabled = false;
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(document.body);
  });

  it('takes no part in a blur of a control still enabled (a click elsewhere)', () => {
    vi.useFakeTimers();
    stop = keepFocusThroughDisabling();
    document.body.innerHTML = '<button id="save">Save</button>';
    const save = document.getElementById('save') as HTMLButtonElement;
    save.focus();
    save.blur();
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(document.body);
  });
});
