import RFB, { type RfbCredentials } from '@novnc/novnc';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { relaySocketUrl } from '../paths';
import { CONNECT_TEXTS } from '../texts';

export type VncStatus =
  | { kind: 'connecting' }
  | { kind: 'credentials'; types: (keyof RfbCredentials)[] }
  | { kind: 'connected' }
  /** Ended cleanly (the desktop or the relay closed it); `reason` is the relay's, if it gave one. */
  | { kind: 'disconnected'; reason: string }
  | { kind: 'failed'; reason: string }
  /** The desktop refused the credentials. */
  | { kind: 'refused'; reason: string };

/**
 * A noVNC client in `container` on the session's VNC relay, scaled to fit; again on each
 * reconnect. The socket is opened here rather than by noVNC, to read the reason the relay
 * closes it with (an expired link...), which noVNC does not pass on.
 */
export function useVnc(container: RefObject<HTMLDivElement | null>, sessionId: number) {
  const [status, setStatus] = useState<VncStatus>({ kind: 'connecting' });
  const [attempt, setAttempt] = useState(0);
  const client = useRef<RFB | null>(null);

  useEffect(() => {
    const target = container.current;
    if (!target) return undefined;
    setStatus({ kind: 'connecting' });
    let live = true;
    let closeReason = '';
    let refused = false;
    const socket = new WebSocket(relaySocketUrl(sessionId, 'vnc'));
    // Added before noVNC's own handler, so the reason is known when its disconnect event fires.
    socket.addEventListener('close', (event) => {
      closeReason = event.reason;
    });
    const rfb = new RFB(target, socket);
    rfb.scaleViewport = true;
    const report = (next: VncStatus) => live && setStatus(next);
    rfb.addEventListener('connect', () => {
      report({ kind: 'connected' });
      rfb.focus();
    });
    rfb.addEventListener('credentialsrequired', (event) =>
      report({ kind: 'credentials', types: event.detail.types }),
    );
    rfb.addEventListener('securityfailure', (event) => {
      refused = true;
      report({ kind: 'refused', reason: event.detail.reason ?? '' });
    });
    rfb.addEventListener('disconnect', (event) => {
      // A refusal is followed by a disconnect: the refusal says more.
      if (refused) return;
      if (event.detail.clean) report({ kind: 'disconnected', reason: closeReason });
      else report({ kind: 'failed', reason: closeReason || CONNECT_TEXTS.connectionLost });
    });
    client.current = rfb;
    return () => {
      live = false;
      client.current = null;
      rfb.disconnect();
    };
  }, [container, sessionId, attempt]);

  return {
    status,
    reconnect: () => setAttempt((count) => count + 1),
    sendCredentials: (credentials: RfbCredentials) => {
      setStatus({ kind: 'connecting' });
      client.current?.sendCredentials(credentials);
    },
    sendCtrlAltDel: () => client.current?.sendCtrlAltDel(),
  };
}
