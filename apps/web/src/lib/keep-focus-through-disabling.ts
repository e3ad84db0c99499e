import { refocusIfLost } from './refocus-if-lost';

/** How long a control disabled for its work is waited for (× 25 ms): a save over a slow line. */
const WAIT_TRIES = 600;

/**
 * A control disabled while its work runs (a button's `loading` disables it: save, delete, send)
 * loses the focus in Chromium, which puts it on the page's body: the next Tab starts from the top,
 * and from a dialog lands behind it. Installed once for the whole app: such a control gets the
 * focus back as soon as it is enabled again, if the focus is still nowhere then (refocusIfLost).
 * Left alone: a blur with somewhere to go or of a control still enabled (the person's own move),
 * a control that went away or sits in a part being hidden (a dialog closing), and any wait the
 * person ends by clicking or typing meanwhile (the place is theirs again).
 */
export function keepFocusThroughDisabling(doc: Document = document) {
  let acted = 0;
  const act = () => {
    acted += 1;
  };
  const left = (event: FocusEvent) => {
    const target = event.target;
    if (event.relatedTarget || !(target instanceof HTMLElement) || !target.matches(':disabled')) return;
    const waitedFrom = acted;
    refocusIfLost(
      () => (acted === waitedFrom && !target.closest('[inert], [aria-hidden="true"]') ? target : null),
      WAIT_TRIES,
    );
  };
  doc.addEventListener('focusout', left, true);
  doc.addEventListener('pointerdown', act, true);
  doc.addEventListener('keydown', act, true);
  return () => {
    doc.removeEventListener('focusout', left, true);
    doc.removeEventListener('pointerdown', act, true);
    doc.removeEventListener('keydown', act, true);
  };
}
