/**
 * Gives the focus back to `element` when an action took it away: a button disabled while it works
 * (Mantine's `loading`), or the row it was in drawn anew. Focus on nothing (the page's body) sends
 * the next Tab to the top of the page or, from a dialog, behind it. A person who moved on
 * meanwhile keeps their place. Tried over the next frames until the element can take it: a
 * mutation's callbacks run before the page is drawn again, the button still disabled then (after
 * a failure nothing else redraws it sooner).
 */
export function refocusIfLost(element: () => HTMLElement | null | undefined, tries = 20) {
  setTimeout(() => {
    const focused = document.activeElement;
    // Kept on an element that became disabled (some browsers leave it there) is lost too.
    const lost = !focused || focused === document.body || !focused.isConnected || focused.matches(':disabled');
    const target = element();
    if (!lost || !target?.isConnected) return;
    if (target.matches(':disabled')) {
      if (tries > 1) refocusIfLost(element, tries - 1);
      return;
    }
    target.focus({ preventScroll: true });
  }, 25);
}
