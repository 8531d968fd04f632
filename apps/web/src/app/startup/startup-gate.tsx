import { Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type CurrentUser } from '@netfleet/contracts';
import { toast } from '@/components/toasts';
import { onBlockingError } from '@/lib/blocking-errors';
import { currentUserQueryKey, fetchCurrentUser } from '@/lib/current-user';
import { trackSessionExpiry } from '@/lib/session-expiry';
import { configureSessionHooks, sessionHooks } from '@/lib/session-hooks';
import { loadUserStorage } from '@/lib/storage/user-storage';
import { BlockingNotice } from './blocking-notice';
import { MaintenancePage } from './maintenance-page';
import { runStartup, unregisterServiceWorkers, type StartupOutcome } from './run-startup';
import { MESSAGE_TEXTS } from '@/lib/messages';

function useOfflineToast(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    // The top area: it concerns the whole console, not an action's outcome in the corner.
    const onOffline = () => toast.error(MESSAGE_TEXTS.connectionLost, { position: 'top' });
    window.addEventListener('offline', onOffline);
    return () => window.removeEventListener('offline', onOffline);
  }, [active]);
}

/**
 * Loads the session before anything behind it renders (spec §4 Session and Startup): a loader
 * while loading the user, then the app, a full-page notice, maintenance, or a redirect. A global
 * code met later by any call (spec §8) replaces the app with its notice too.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<StartupOutcome | null>(null);

  useEffect(() => onBlockingError((code) => setOutcome({ kind: 'notice', code })), []);

  useEffect(() => {
    let cancelled = false;
    void unregisterServiceWorkers().catch(() => undefined);
    void runStartup({
      fetchUser: () => fetchCurrentUser(),
      loadStorage: loadUserStorage,
      isOnline: () => navigator.onLine,
      currentLocation: () => sessionHooks().currentLocation(),
    }).then(
      (result) => {
        if (cancelled) return;
        if (result.kind === 'ready') {
          queryClient.setQueryData(currentUserQueryKey, result.user);
          trackSessionExpiry(result.user.exp);
          configureSessionHooks({
            isImpersonating: () =>
              queryClient.getQueryData<CurrentUser>(currentUserQueryKey)?.isImpersonating ?? false,
          });
        }
        if (result.kind === 'redirect') sessionHooks().redirect(result.location);
        // A global code reported while the user loaded already decided what shows.
        setOutcome((current) => current ?? result);
      },
      (error: unknown) => {
        // Rethrown during render so the error boundary shows it with its stack trace.
        if (!cancelled)
          setOutcome(() => {
            throw error;
          });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  useOfflineToast(outcome?.kind === 'ready');

  switch (outcome?.kind) {
    case 'ready':
      return children;
    case 'notice':
      return <BlockingNotice code={outcome.code} />;
    case 'maintenance':
      return <MaintenancePage reason={outcome.reason} />;
    default:
      // Loading, or leaving for /login or /offline.html.
      return (
        <Center mih="100vh">
          <Loader aria-label={t('common.loading')} />
        </Center>
      );
  }
}
