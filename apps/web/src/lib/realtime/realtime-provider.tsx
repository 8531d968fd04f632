import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { fetchCurrentUser } from '@/lib/current-user';
import { setActiveRealtime } from './active-client';
import { connectStatusSocket } from './connect';
import { RealtimeClient, type RealtimeSocket } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

// Reading the user refreshes an expired session (api-client 401 handling) or leaves for login.
const refreshSession = () => fetchCurrentUser();

interface RealtimeProviderProps {
  children: ReactNode;
  /** Tests pass a fake socket; read once, on mount. */
  connect?: () => RealtimeSocket;
}

/** Opens the session's realtime connection; the app mounts it for signed-in users only. */
export function RealtimeProvider({
  children,
  connect = connectStatusSocket,
}: RealtimeProviderProps) {
  const [client, setClient] = useState<RealtimeClient | null>(null);
  // One connection per mount, whatever the parent passes on later renders.
  const [connectOnce] = useState(() => connect);

  useEffect(() => {
    const next = new RealtimeClient(connectOnce(), { onRefused: refreshSession });
    const unregister = setActiveRealtime(next);
    setClient(next);
    return () => {
      unregister();
      next.disconnect();
      setClient(null);
    };
  }, [connectOnce]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/** The connection, or null outside the provider and before it has connected once. */
export function useRealtimeClient(): RealtimeClient | null {
  return useContext(RealtimeContext);
}
