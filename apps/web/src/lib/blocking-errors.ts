// Spec §8: a 401 whose first error code is on the global list (EMAIL_NOT_VERIFIED,
// NOT_INVITED_EXTERNAL_USER, MFA_MANDATORY) starts a global handler, whichever call got it: the
// app layer listens and replaces the console with the full-page notice (spec §2).
import type { BlockingErrorCode } from '@netfleet/contracts';

type Listener = (code: BlockingErrorCode) => void;

const listeners = new Set<Listener>();

/** Returns the function that stops listening. */
export function onBlockingError(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportBlockingError(code: BlockingErrorCode): void {
  for (const listener of [...listeners]) listener(code);
}
