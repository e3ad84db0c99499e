import { useCallback, useState } from 'react';

const PREFIX = 'impact-calls.unsent.';

function read(key: string) {
  try {
    return window.localStorage.getItem(PREFIX + key) ?? '';
  } catch {
    return ''; // storage disabled: the text lives as long as the form
  }
}

function write(key: string, text: string) {
  try {
    if (text) window.localStorage.setItem(PREFIX + key, text);
    else window.localStorage.removeItem(PREFIX + key);
  } catch {
    // storage full or disabled: the form still holds it
  }
}

/**
 * A text being written but not yet sent (a message, a comment), kept in the browser under `key`
 * as it is typed: closing the drawer or the panel, or reloading, brings it back; sending it
 * (`forgetSent`) forgets it. The answers' own drafts are kept the same way (step-kit/use-autosave).
 */
export function useKeptText(key: string) {
  const [text, setStored] = useState(() => read(key));
  const setText = useCallback(
    (next: string) => {
      setStored(next);
      write(key, next);
    },
    [key],
  );
  /**
   * `text` was sent: forgotten in the browser unless typed over since, and the field emptied if it
   * still shows it. Called when the answer arrives, which may be after the form has closed.
   */
  const forgetSent = useCallback(
    (sent: string) => {
      if (read(key) === sent) write(key, '');
      setStored((shown) => (shown === sent ? '' : shown));
    },
    [key],
  );
  return [text, setText, forgetSent] as const;
}
