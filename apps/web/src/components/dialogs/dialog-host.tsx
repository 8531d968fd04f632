import { OptionalPortal } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { dialogEntries, dialogs, subscribeDialogs, topDialog } from './dialog-store';
import { DialogWindow } from './dialog-window';
import { MinimizedBar } from './minimized-bar';

/** Spec §4 Modals: Escape closes the top dialog only, and only when the key is not someone else's. */
function closeTopOnEscape(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.isComposing) return;
  const target = event.target instanceof Element ? event.target : null;
  // Mantine marks controls that use Escape themselves (an open select, the password dialog).
  if (target?.getAttribute('data-mantine-stop-propagation') === 'true') return;
  const top = topDialog();
  if (!top || top.options.closeOnEscape === false) return;
  // Escape inside another dialog (Mantine's confirm modals, a popover) belongs to that one.
  const dialog = target?.closest('[role="dialog"]');
  if (dialog && dialog.getAttribute('data-dialog-id') !== top.options.id) return;
  dialogs.close(top.options.id);
}

/**
 * Renders the managed dialogs (mounted once, in app/providers). They share one container so that
 * DOM order is stacking order, also after a minimised dialog is restored on top.
 */
export function DialogHost() {
  const entries = useSyncExternalStore(subscribeDialogs, dialogEntries, dialogEntries);
  const top = topDialog(entries);

  useEffect(() => {
    // Capture, like Mantine's own modals: an open select closes on this key and would otherwise
    // lose its mark before the event got here.
    window.addEventListener('keydown', closeTopOnEscape, { capture: true });
    return () => window.removeEventListener('keydown', closeTopOnEscape, { capture: true });
  }, []);

  // No closeAll on unmount: the host mounts when the first dialog opens, and StrictMode's
  // rehearsed unmount in development would close that dialog at once.

  return (
    <OptionalPortal>
      <div data-dialog-host="">
        {entries.map((entry) => (
          <DialogWindow key={entry.key} entry={entry} top={entry === top} />
        ))}
      </div>
      <MinimizedBar entries={entries.filter((entry) => entry.minimized)} />
    </OptionalPortal>
  );
}
