import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Sets (or, given null or '', removes) one parameter of the address in place, keeping the others
 * (the admin page's `tab`) and adding no history entry: a page's filters kept in the address.
 */
export function useReplaceSearchParam() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, set] as const;
}
