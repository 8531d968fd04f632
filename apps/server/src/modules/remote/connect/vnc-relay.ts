import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { TunnelHub } from '@/modules/remote/tunnels/tunnel-hub';
import { usableSession } from './session-access';
import type { SessionStore } from './session-store.port';
import { watchSession } from './session-watch';
import type { TrafficMeter } from './traffic-meter';
import { pipeToBrowser, refuseWebSocket } from './ws-pipe';

/**
 * noVNC in the browser ↔ the device's VNC server (RFB over binary WebSocket frames, as
 * websockify does), through the tunnel. RFB's own password challenge passes through untouched.
 */
export const createVncRelay = (deps: {
  sessions: Pick<SessionStore, 'byId' | 'markUsed'>;
  hub: Pick<TunnelHub, 'openStream'>;
  meter: TrafficMeter;
  now: () => Date;
}) => {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  return {
    async accept(
      request: IncomingMessage,
      socket: Duplex,
      head: Buffer,
      auth: AuthContext,
      sessionId: number,
      ip: string,
    ) {
      let stream: Duplex;
      let grant;
      try {
        grant = await usableSession(deps.sessions, auth.user.id, sessionId, deps.now(), ['vnc']);
        stream = await deps.hub.openStream(grant.deviceId, { host: grant.host, port: grant.port });
      } catch (error) {
        return refuseWebSocket(wss, { request, socket, head }, error, 'VNC could not be opened');
      }
      const id = grant.id;
      void deps.sessions.markUsed(id, ip, deps.now());
      wss.handleUpgrade(request, socket, head, (ws) => {
        const stop = watchSession(grant, deps.sessions, deps.now, (reason) =>
          ws.close(4010, reason.slice(0, 120)),
        );
        pipeToBrowser(stream, ws, (n) => deps.meter.output(id, n));
        ws.on('message', (data: Buffer) => {
          deps.meter.input(id, data.length);
          stream.write(data);
        });
        const end = () => {
          stop();
          stream.destroy();
          ws.close(1000);
        };
        ws.on('close', end);
        ws.on('error', end);
        stream.on('close', end);
        stream.on('error', end);
      });
    },
    close: () => wss.close(),
  };
};

export type VncRelay = ReturnType<typeof createVncRelay>;
