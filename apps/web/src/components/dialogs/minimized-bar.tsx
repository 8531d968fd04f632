import { MinimizedChip, MinimizedDock } from '@/components/minimized-dock';
import { dialogs } from './dialog-store';
import { DIALOG_TEXTS } from './texts';
import type { DialogEntry } from './types';

// Titles may be elements; the buttons' accessible names need text.
const nameOf = (entry: DialogEntry) =>
  typeof entry.options.title === 'string' ? entry.options.title : entry.options.id;

/** Spec §4 Modals: minimised dialogs wait as chips in the bottom-left corner. */
export function MinimizedBar({ entries }: { entries: readonly DialogEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <MinimizedDock label={DIALOG_TEXTS.minimizedBar}>
      {entries.map((entry) => (
        <MinimizedChip
          key={entry.key}
          restoreLabel={DIALOG_TEXTS.restore(nameOf(entry))}
          closeLabel={DIALOG_TEXTS.closeMinimized(nameOf(entry))}
          onRestore={() => dialogs.restore(entry.options.id)}
          onClose={() => dialogs.close(entry.options.id)}
        >
          {entry.options.title}
        </MinimizedChip>
      ))}
    </MinimizedDock>
  );
}
