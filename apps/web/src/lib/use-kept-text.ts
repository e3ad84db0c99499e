import { useCallback, useState } from 'react';
import { readKept, writeKept } from './kept-in-browser';

const read = (key: string) => readKept('unsent', key) ?? '';
const write = (key: string, text: string) => writeKept('unsent', key, text);

/**
 * A text being written but not yet sent (a message, a comment), kept in the browser for the
 * signed-in person under `key` as it is typed (lib/kept-in-browser; forgotten at sign-out): closing the drawer or the panel, or reloading, brings it back; sending it
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
