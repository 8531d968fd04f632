import { connect } from 'node:net';
import type { OpenvpnClientStatus } from '@netfleet/contracts';

// OpenVPN's management interface (a unix socket per client instance, `--management <path> unix`):
// the line protocol of its `state`, `status` and `signal` commands, and what their answers mean
// for the vpn telemetry.

/** How long one conversation with an instance may take before it counts as unanswered. */
export const MANAGEMENT_TIMEOUT_MS = 2000;

/** One `state` line: the newest state, since when, and the tunnel address once assigned. */
export interface ManagementState {
  /** CONNECTING, WAIT, AUTH, GET_CONFIG, ASSIGN_IP, ADD_ROUTES, CONNECTED, RECONNECTING, EXITING … */
  name: string;
  /** Epoch ms. */
  at: number;
  /** The local tunnel IPv4 address (empty until ASSIGN_IP). */
  ip: string | null;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/**
 * `1750000000,CONNECTED,SUCCESS,10.8.3.7,203.0.113.5,1194,,`: unix time, state, description, local
 * tunnel IPv4, remote address and port, local address and port, tunnel IPv6.
 */
export const parseStateLine = (line: string): ManagementState | null => {
  const [time, name, , ip] = line.split(',');
  const seconds = Number(time);
  if (!name || !/^[A-Z_]+$/.test(name) || !Number.isInteger(seconds) || seconds <= 0) return null;
  return { name, at: seconds * 1000, ip: ip && IPV4.test(ip) ? ip : null };
};

/**
 * The link counters of a `status` answer: `TCP/UDP read bytes,N` and `TCP/UDP write bytes,N`, the
 * encrypted traffic, as the hub counts its clients'. Missing lines count 0.
 */
export const parseStatusBytes = (lines: readonly string[]): { sent: number; received: number } => {
  const counter = (label: string) => {
    const line = lines.find((l) => l.startsWith(`${label},`));
    const value = Number(line?.slice(label.length + 1));
    return Number.isSafeInteger(value) && value >= 0 ? value : 0;
  };
  return { sent: counter('TCP/UDP write bytes'), received: counter('TCP/UDP read bytes') };
};

/** CONNECTED is the tunnel up, EXITING the client going away; every other state is on the way. */
export const clientStatusOf = (state: string): OpenvpnClientStatus =>
  state === 'CONNECTED' ? 'connected' : state === 'EXITING' ? 'stopped' : 'connecting';

/** The last line of a multi-line answer, or the one line of a single-line one. */
const endsAnswer = (line: string) =>
  line === 'END' || line.startsWith('SUCCESS:') || line.startsWith('ERROR:');

/**
 * Sends `commands` in turn and answers each one's lines (without END). Real-time notifications
 * (`>INFO:…`, `>STATE:…`) are left out. Rejects when the socket cannot be reached or does not
 * answer within `timeoutMs`.
 */
export const queryManagement = (
  socketPath: string,
  commands: readonly string[],
  timeoutMs = MANAGEMENT_TIMEOUT_MS,
): Promise<string[][]> =>
  new Promise((resolve, reject) => {
    const answers: string[][] = [];
    let current: string[] = [];
    let buffered = '';
    const socket = connect(socketPath);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the management interface did not answer'));
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(commands.map((c) => `${c}\n`).join('')));
    socket.on('data', (chunk: string) => {
      const lines = (buffered + chunk).split('\n');
      buffered = lines.pop() ?? '';
      for (const raw of lines) {
        const line = raw.replace(/\r$/, '');
        if (line.startsWith('>')) continue;
        if (!endsAnswer(line)) {
          current.push(line);
          continue;
        }
        if (line !== 'END') current.push(line);
        answers.push(current);
        current = [];
        if (answers.length === commands.length) {
          clearTimeout(timer);
          socket.end();
          resolve(answers);
        }
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      reject(new Error('the management interface closed the connection'));
    });
  });
