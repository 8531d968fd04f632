// The open dialogs live outside React so that any code (a submit handler, the api-client's
// callers, a promise-returning confirm) can open one; DialogHost renders them. Array order is
// stacking order: the last dialog that is not minimised is the top one.
import { MAX_MINIMIZED_DIALOGS } from '@netfleet/contracts';
import { toast } from '@/components/toasts';
import type { DialogEntry, DialogOptions } from './types';
import { MESSAGE_TEXTS } from '@/lib/messages';

let entries: readonly DialogEntry[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();

function commit(next: readonly DialogEntry[], closed: readonly DialogEntry[] = []): void {
  entries = next;
  for (const listener of listeners) listener();
  // After the store changed: an onClose may open the next dialog.
  for (const entry of closed) entry.options.onClose?.();
}

function update(id: string, change: (entry: DialogEntry) => DialogEntry): void {
  commit(entries.map((entry) => (entry.options.id === id ? change(entry) : entry)));
}

export function subscribeDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dialogEntries(): readonly DialogEntry[] {
  return entries;
}

/** The dialog Escape closes: the last one opened or restored that is not minimised. */
export function topDialog(list: readonly DialogEntry[] = entries): DialogEntry | undefined {
  return list.findLast((entry) => !entry.minimized);
}

export const dialogs = {
  open(options: DialogOptions): void {
    // One main dialog on screen: a new main one replaces the visible main one, while minimised
    // ones (a half-filled form put aside) stay in the bar.
    const closed = entries.filter(
      (entry) =>
        entry.options.id === options.id ||
        (options.main === true && entry.options.main === true && !entry.minimized),
    );
    const kept = entries.filter((entry) => !closed.includes(entry));
    const opened: DialogEntry = { options, key: nextKey++, minimized: false, maximized: false };
    commit([...kept, opened], closed);
  },

  close(id: string): void {
    const closed = entries.filter((entry) => entry.options.id === id);
    if (closed.length === 0) return;
    commit(
      entries.filter((entry) => entry.options.id !== id),
      closed,
    );
  },

  closeAll(): void {
    commit([], entries);
  },

  /** Spec §4 Modals: at most MAX_MINIMIZED_DIALOGS; one more is refused with a toast. */
  minimize(id: string): void {
    const entry = entries.find((item) => item.options.id === id);
    if (!entry || entry.minimized) return;
    if (entries.filter((item) => item.minimized).length >= MAX_MINIMIZED_DIALOGS) {
      toast.warning(MESSAGE_TEXTS.tooManyMinimized);
      return;
    }
    update(id, (item) => ({ ...item, minimized: true }));
  },

  /** Shows a minimised dialog again, on top of the others. */
  restore(id: string): void {
    const entry = entries.find((item) => item.options.id === id);
    if (!entry) return;
    commit([...entries.filter((item) => item !== entry), { ...entry, minimized: false }]);
  },

  toggleMaximized(id: string): void {
    update(id, (item) => ({ ...item, maximized: !item.maximized }));
  },
};
