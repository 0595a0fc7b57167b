import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Sets one query parameter of the current address, or removes it when the value is empty or
 * undefined (a page's default: its first tab, no filter), replacing the history entry, so a
 * page's tab, filter and search live in the address without a back-step per keystroke.
 */
export function useSetSearchParam() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (key: string, value: string | undefined) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}
