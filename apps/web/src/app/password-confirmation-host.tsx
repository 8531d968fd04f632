import { Suspense, useEffect, useRef, useState } from 'react';
import { registerPasswordConfirmation } from '@/lib/password-confirmation';
import { lazyComponent } from './router/lazy-page';

// Rarely needed: the dialog and its form code load when a request first asks for it.
const PasswordConfirmationDialog = lazyComponent(
  () => import('@/components/password-confirmation'),
  (m) => m.PasswordConfirmationDialog,
);

/**
 * Registers the api-client's 423 handler (spec §8) and shows the 'Confirm your password' dialog
 * while a request waits for it. The client keeps it single-flight: one dialog at a time.
 */
export function PasswordConfirmationHost() {
  const [message, setMessage] = useState<string | null>(null);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    const unregister = registerPasswordConfirmation(
      (text) =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setMessage(text);
        }),
    );
    return () => {
      unregister();
      // Leaving the app must not leave the refused request waiting for ever.
      settle.current?.(false);
      settle.current = null;
    };
  }, []);

  const finish = (confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = null;
    setMessage(null);
  };

  if (message === null) return null;
  return (
    <Suspense fallback={null}>
      <PasswordConfirmationDialog
        message={message}
        onConfirmed={() => finish(true)}
        onCancel={() => finish(false)}
      />
    </Suspense>
  );
}
