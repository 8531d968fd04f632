// The in-app help a dialog's help button opens when the brand has no external docs (docs_url).
// The help panel lives in the app shell and the dialog host above it (in the router's root
// layout, beside the shell), so no React context reaches from one to the other: the shell
// registers its panel here, as features register named dialogs.
import { useSyncExternalStore } from 'react';

/** Opens the help panel on a topic (a help content key: a spec route name), else the page's. */
export type OpenDialogHelp = (topic: string | undefined) => void;

let current: OpenDialogHelp | null = null;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const snapshot = () => current;

/** Returns the unregister function; it leaves a handler registered after this one alone. */
export function registerDialogHelp(open: OpenDialogHelp): () => void {
  current = open;
  notify();
  return () => {
    if (current !== open) return;
    current = null;
    notify();
  };
}

/** The registered help panel opener, or null while no shell offers one. */
export function useDialogHelp(): OpenDialogHelp | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
