import { connect, type Socket } from 'node:net';
import type { HubSession } from './hub-runtime.port';

/**
 * A client for OpenVPN's management interface on its unix socket. OpenVPN serves one management
 * client at a time, so a hub has exactly one of these. Commands go out one at a time; the answer
 * is either one `SUCCESS:`/`ERROR:` line or lines up to `END`. Lines starting with `>` are
 * notifications that can arrive at any time (the `>INFO` greeting, `>LOG`, ...) and are passed to
 * `onNotification` without disturbing the answer being read.
 */
export interface ManagementClient {
  /** The answer's lines (without `END`); an `ERROR:` answer rejects. */
  command(line: string): Promise<string[]>;
  close(): void;
  readonly closed: boolean;
}

export interface ManagementOptions {
  /** Keeps retrying while the socket is missing or refused (OpenVPN is starting). */
  timeoutMs?: number;
  retryMs?: number;
  /** Stops the retrying (the process it waits for is gone). */
  signal?: AbortSignal;
  onNotification?: (line: string) => void;
  onClose?: () => void;
}

interface Pending {
  line: string;
  resolve: (lines: string[]) => void;
  reject: (error: Error) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const openSocket = (path: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });

const connectWithRetry = async (path: string, options: ManagementOptions) => {
  const retryMs = options.retryMs ?? 100;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    try {
      return await openSocket(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const retryable = code === 'ENOENT' || code === 'ECONNREFUSED';
      if (!retryable || options.signal?.aborted || Date.now() + retryMs > deadline) throw error;
      await sleep(retryMs);
    }
  }
};

export const connectManagement = async (
  path: string,
  options: ManagementOptions = {},
): Promise<ManagementClient> => {
  const socket = await connectWithRetry(path, options);
  socket.setEncoding('utf8');
  const queue: Pending[] = [];
  let current: Pending | null = null;
  let answer: string[] = [];
  let buffered = '';
  let closed = false;

  const sendNext = () => {
    if (current || closed) return;
    current = queue.shift() ?? null;
    if (current) socket.write(`${current.line}\n`);
  };

  const finish = (error: Error | null) => {
    const done = current;
    const lines = answer;
    current = null;
    answer = [];
    if (done) {
      if (error) done.reject(error);
      else done.resolve(lines);
    }
    sendNext();
  };

  const onLine = (line: string) => {
    if (line.startsWith('>')) {
      options.onNotification?.(line);
      return;
    }
    if (!current) return;
    if (answer.length === 0 && line.startsWith('SUCCESS:')) {
      answer.push(line);
      finish(null);
    } else if (answer.length === 0 && line.startsWith('ERROR:')) {
      finish(new Error(`OpenVPN management: ${current.line}: ${line.slice(6).trim()}`));
    } else if (line === 'END') {
      finish(null);
    } else {
      answer.push(line);
    }
  };

  socket.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) onLine(line.replace(/\r$/, ''));
  });

  const onEnd = () => {
    if (closed) return;
    closed = true;
    const error = new Error('OpenVPN management connection closed');
    for (const pending of [current, ...queue.splice(0)]) pending?.reject(error);
    current = null;
    options.onClose?.();
  };
  socket.on('close', onEnd);
  // An error is always followed by 'close', which settles what is pending.
  socket.on('error', () => undefined);

  return {
    command: (line) =>
      new Promise<string[]>((resolve, reject) => {
        if (closed) {
          reject(new Error('OpenVPN management connection closed'));
          return;
        }
        queue.push({ line, resolve, reject });
        sendNext();
      }),
    close: () => {
      socket.end();
      socket.destroy();
    },
    get closed() {
      return closed;
    },
  };
};

const CLIENT_LIST_COLUMNS = [
  'Common Name',
  'Real Address',
  'Virtual Address',
  'Virtual IPv6 Address',
  'Bytes Received',
  'Bytes Sent',
  'Connected Since',
  'Connected Since (time_t)',
  'Username',
  'Client ID',
];

/** A session and the id `client-kill` takes (null from versions before 2.4's `status 3`). */
export interface StatusClient extends HubSession {
  clientId: number | null;
}

/**
 * Parses the answer to `status 3` (tab-separated). Columns are found by the `HEADER` line, so
 * versions that add columns still parse; without a header, OpenVPN 2.4+'s order is assumed.
 * A client's tunnel address missing from CLIENT_LIST is taken from its ROUTING_TABLE entry.
 * Clients still authenticating (common name `UNDEF`) are not sessions yet.
 */
export const parseStatus = (lines: readonly string[]): StatusClient[] => {
  let columns = CLIENT_LIST_COLUMNS;
  const rows: string[][] = [];
  const routed = new Map<string, string>();
  for (const line of lines) {
    const fields = line.split('\t');
    if (fields[0] === 'HEADER' && fields[1] === 'CLIENT_LIST') columns = fields.slice(2);
    else if (fields[0] === 'CLIENT_LIST') rows.push(fields.slice(1));
    else if (fields[0] === 'ROUTING_TABLE') {
      const [address, commonName] = [fields[1] ?? '', fields[2] ?? ''];
      // Only a plain IPv4 address (not an iroute subnet, a MAC or an IPv6 address).
      if (/^\d+\.\d+\.\d+\.\d+$/.test(address) && !routed.has(commonName)) {
        routed.set(commonName, address);
      }
    }
  }
  const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
  return rows
    .filter((row) => at(row, 'Common Name') !== 'UNDEF')
    .map((row) => {
      const commonName = at(row, 'Common Name');
      const since = Number(at(row, 'Connected Since (time_t)'));
      const clientId = at(row, 'Client ID');
      return {
        commonName,
        realAddress: at(row, 'Real Address'),
        virtualAddress: at(row, 'Virtual Address') || routed.get(commonName) || null,
        bytesReceived: Number(at(row, 'Bytes Received')) || 0,
        bytesSent: Number(at(row, 'Bytes Sent')) || 0,
        connectedSince: new Date(
          Number.isFinite(since) && since > 0 ? since * 1000 : at(row, 'Connected Since'),
        ),
        clientId: /^\d+$/.test(clientId) ? Number(clientId) : null,
      };
    });
};
