import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ERROR_CODES,
  terminalClientMessageSchema,
  type TerminalClientMessage,
} from '@netfleet/contracts';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { ApiError } from '@/lib/api-error';
import type { TunnelHub } from '@/modules/remote/tunnels/tunnel-hub';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { sshLogin, type SshCredential } from './ssh-login';
import { usableSession } from './session-access';
import type { SessionGrant, SessionStore } from './session-store.port';
import { watchSession } from './session-watch';
import { TelnetFilter } from './telnet-filter';
import type { TrafficMeter } from './traffic-meter';
import { pipeToBrowser, refuseWebSocket, sendJson } from './ws-pipe';

export interface CredentialVault {
  get(userId: number, deviceId: number): Promise<SshCredential | null>;
  save(userId: number, deviceId: number, credential: SshCredential): Promise<void>;
}

export interface TerminalRelayDeps {
  sessions: Pick<SessionStore, 'byId' | 'markUsed'>;
  hub: Pick<TunnelHub, 'openStream'>;
  credentials: CredentialVault;
  meter: TrafficMeter;
  now: () => Date;
  log: { warn: (o: object, m: string) => void };
}

type Start = Extract<TerminalClientMessage, { type: 'start' }>;

/** What the terminal writes to and resizes: an SSH shell channel or a telnet byte stream. */
interface Terminal {
  output: Duplex;
  write(data: Buffer): void;
  resize(cols: number, rows: number): void;
  close(): void;
  transform?: (chunk: Buffer) => Buffer;
}

const parse = (data: RawData): TerminalClientMessage | null => {
  try {
    const parsed = terminalClientMessageSchema.safeParse(JSON.parse(String(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * The browser terminal (xterm.js) ↔ the device's SSH or telnet server, through the tunnel. The
 * first text frame says the size and the credential; then binary frames are keystrokes and
 * screen bytes, text frames resize.
 */
export const createTerminalRelay = (deps: TerminalRelayDeps) => {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  const credentialFor = async (auth: AuthContext, grant: SessionGrant, start: Start) => {
    if (start.use_saved) {
      const saved = await deps.credentials.get(auth.user.id, grant.deviceId);
      if (saved) return saved;
      throw new ApiError(404, ERROR_CODES.NOT_FOUND, 'No saved credentials for this device');
    }
    if (!start.username)
      throw new ApiError(422, ERROR_CODES.VALIDATION_ERROR, 'User name is required');
    return {
      username: start.username,
      password: start.password,
      private_key: start.private_key,
      passphrase: start.passphrase,
    };
  };

  const open = async (auth: AuthContext, grant: SessionGrant, start: Start): Promise<Terminal> => {
    const credential = grant.protocol === 'telnet' ? null : await credentialFor(auth, grant, start);
    const stream = await deps.hub.openStream(grant.deviceId, {
      host: grant.host,
      port: grant.port,
    });
    if (!credential) {
      const filter = new TelnetFilter((bytes) => bytes.length && stream.write(bytes));
      filter.start(start.cols, start.rows);
      return {
        output: stream,
        write: (data) => stream.write(filter.toDevice(data)),
        resize: (cols, rows) => filter.resize(cols, rows),
        close: () => stream.destroy(),
        transform: (chunk) => filter.fromDevice(chunk),
      };
    }
    const client = await sshLogin(stream, credential);
    if (start.remember && !start.use_saved) {
      await deps.credentials.save(auth.user.id, grant.deviceId, credential);
    }
    const channel = await new Promise<Duplex & { setWindow: (...a: number[]) => void }>(
      (resolve, reject) =>
        client.shell({ term: 'xterm-256color', cols: start.cols, rows: start.rows }, (error, ch) =>
          error ? reject(new ApiError(502, ERROR_CODES.DEVICE_ERROR, error.message)) : resolve(ch),
        ),
    );
    channel.on('close', () => client.end());
    return {
      output: channel,
      write: (data) => channel.write(data),
      resize: (cols, rows) => channel.setWindow(rows, cols, 0, 0),
      close: () => {
        channel.destroy();
        client.end();
      },
    };
  };

  const serve = (ws: WebSocket, auth: AuthContext, grant: SessionGrant, ip: string) => {
    let terminal: Terminal | null = null;
    let starting = false;
    let stopWatch = () => {};
    const end = (reason: string) => {
      stopWatch();
      sendJson(ws, { type: 'closed', reason });
      terminal?.close();
      ws.close(1000);
    };
    ws.on('close', () => {
      stopWatch();
      terminal?.close();
    });
    ws.on('error', () => ws.terminate());
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
        deps.meter.input(grant.id, bytes.length);
        return terminal?.write(bytes);
      }
      const message = parse(data);
      if (message?.type === 'resize') return terminal?.resize(message.cols, message.rows);
      if (message?.type !== 'start' || starting) return;
      starting = true;
      open(auth, grant, message)
        .then((opened) => {
          terminal = opened;
          if (ws.readyState !== ws.OPEN) return opened.close();
          void deps.sessions.markUsed(grant.id, ip, deps.now());
          stopWatch = watchSession(grant, deps.sessions, deps.now, end);
          pipeToBrowser(opened.output, ws, (n) => deps.meter.output(grant.id, n), opened.transform);
          opened.output.on('close', () => end('The device closed the session'));
          opened.output.on('error', () => end('The connection to the device was lost'));
          sendJson(ws, { type: 'ready' });
        })
        .catch((error: unknown) => {
          const known = error instanceof ApiError;
          if (!known) deps.log.warn({ err: error, session: grant.id }, 'terminal failed');
          sendJson(ws, {
            type: 'error',
            code: known ? error.code : ERROR_CODES.DEVICE_ERROR,
            message: known ? error.message : 'The terminal could not be opened',
          });
          ws.close(4000);
        });
    });
  };

  return {
    /** `/api/connect/sessions/{id}/terminal`, already authenticated as `auth`. */
    async accept(
      request: IncomingMessage,
      socket: Duplex,
      head: Buffer,
      auth: AuthContext,
      sessionId: number,
      ip: string,
    ) {
      let grant: SessionGrant;
      try {
        grant = await usableSession(deps.sessions, auth.user.id, sessionId, deps.now(), [
          'cli',
          'ssh',
          'telnet',
        ]);
      } catch (error) {
        return refuseWebSocket(wss, { request, socket, head }, error, 'The terminal failed');
      }
      wss.handleUpgrade(request, socket, head, (ws) => serve(ws, auth, grant, ip));
    },
    close: () => wss.close(),
  };
};

export type TerminalRelay = ReturnType<typeof createTerminalRelay>;
