import type { KeyboardEvent } from 'react';

/**
 * Enter in a Mantine Select or MultiSelect whose list is closed, or open with no option
 * highlighted, submitted the form around it: its target is an <input>, so the browser's implicit
 * submission applies, where a native <select> never submits. A person pressing Enter to open the
 * list, or after typing a search with nothing picked, saved the form half-filled. Enter on a
 * highlighted option is Mantine's own (it picks the option and prevents the submission itself).
 */
export function keepEnterInSelect(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  const input = event.currentTarget;
  const picking = input.getAttribute('aria-expanded') === 'true' && input.hasAttribute('aria-activedescendant');
  if (!picking) event.preventDefault();
}
