import { refocusIfLost } from './refocus-if-lost';

/** How long a control disabled for its work is waited for (× 25 ms): a save over a slow line. */
const WAIT_TRIES = 600;

/**
 * A control disabled while its work runs (a button's `loading` disables it: save, delete, send)
 * loses the focus in Chromium, which puts it on the page's body: the next Tab starts from the top,
 * and from a dialog lands behind it. Installed once for the whole app: such a control gets the
 * focus back as soon as it is enabled again, if the focus is still nowhere then (refocusIfLost);
 * a person who moved on keeps their place, and a control that went away (a dialog closed on
 * success) is left to the page. A blur with somewhere to go, or of a control still enabled, is
 * the person's own move and is left alone.
 */
export function keepFocusThroughDisabling(doc: Document = document) {
  const left = (event: FocusEvent) => {
    const target = event.target;
    if (event.relatedTarget || !(target instanceof HTMLElement)) return;
    if (target.matches(':disabled')) refocusIfLost(() => target, WAIT_TRIES);
  };
  doc.addEventListener('focusout', left, true);
  return () => doc.removeEventListener('focusout', left, true);
}
