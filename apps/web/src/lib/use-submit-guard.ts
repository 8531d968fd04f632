import { useCallback, useRef } from 'react';

/**
 * Spec §4 Form submit: while a submit is waiting, another one is ignored. A mutation's isPending
 * only changes on the next render, so a second Enter in the same tick would slip past it; the ref
 * does not. `guard(submit)` wraps a submit handler; all handlers wrapped by one guard share it.
 */
export function useSubmitGuard(): <Args extends unknown[]>(
  submit: (...args: Args) => Promise<void>,
) => (...args: Args) => Promise<void> {
  const inFlight = useRef(false);
  return useCallback(
    <Args extends unknown[]>(submit: (...args: Args) => Promise<void>) =>
      async (...args: Args) => {
        if (inFlight.current) return;
        inFlight.current = true;
        try {
          await submit(...args);
        } finally {
          inFlight.current = false;
        }
      },
    [],
  );
}
