import { Suspense, useSyncExternalStore } from 'react';
import { dialogEntries, subscribeDialogs } from '@/components/dialogs/dialog-store';
import { lazyComponent } from './lazy-page';

// The dialog windows (Mantine's Modal with its scroll, focus and floating code) are not needed
// until something opens a dialog, and most pages open none.
const DialogHost = lazyComponent(
  () => import('@/components/dialogs/dialog-host'),
  (m) => m.DialogHost,
);

const anyOpen = () => dialogEntries().length > 0;

/** Mounts the dialog host while a dialog (shown or minimised) exists; its code loads then. */
export function LazyDialogHost() {
  const open = useSyncExternalStore(subscribeDialogs, anyOpen, anyOpen);
  return open ? (
    <Suspense fallback={null}>
      <DialogHost />
    </Suspense>
  ) : null;
}
