/**
 * Gives the focus back to `element` when an action took it away: a button disabled while it works
 * (Mantine's `loading`), or the row it was in drawn anew. Focus on nothing (the page's body) sends
 * the next Tab to the top of the page or, from a dialog, behind it. A person who moved on
 * meanwhile keeps their place. Called once the page is drawn after the action (the button is
 * enabled again by then), so after the current task.
 */
export function refocusIfLost(element: () => HTMLElement | null | undefined) {
  setTimeout(() => {
    const target = element();
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || !focused.isConnected;
    if (lost && target?.isConnected) target.focus();
  }, 0);
}
