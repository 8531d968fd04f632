import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import ssh2, {
  type AuthContext,
  type AuthenticationType,
  type Connection,
  type ParsedKey,
  type Session,
} from 'ssh2';
import type { SimDevice } from '../sim-device.ts';
import { SHELL_USER } from './credentials.ts';
import { HOME } from './device-fs.ts';
import type { MemoryFs } from './memory-fs.ts';
import { serveSftp } from './sftp-server.ts';
import { generateEd25519KeyPair } from './ssh-keys.ts';
import { runShellCommand, type TerminalSize } from './shell-commands.ts';
import { SimShell } from './sim-shell.ts';

const { Server, utils } = ssh2;

/** Failed attempts before the server hangs up, as OpenSSH's MaxAuthTries. */
const MAX_AUTH_FAILURES = 6;

const ignore = () => {};

let hostKey: ParsedKey | undefined;
/**
 * One host key per process, made on the first SSH connection: one per device would mean 10k
 * keys, and the whole fleet looks like devices flashed from one image anyway.
 */
const processHostKey = (): ParsedKey => {
  if (!hostKey) {
    const parsed = utils.parseKey(generateEd25519KeyPair().private);
    if (parsed instanceof Error) throw parsed;
    hostKey = parsed;
  }
  return hostKey;
};

/** `authorized_keys` lines → keys; blank and `#` lines are skipped, a bad key is an error. */
const parseAuthorizedKeys = (lines: string[]): ParsedKey[] =>
  lines
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const key = utils.parseKey(line);
      if (key instanceof Error)
        throw new Error(`authorizedKeys: ${key.message}: ${line.slice(0, 40)}`);
      return key;
    });

export interface SshServiceOptions {
  authorizedKeys: string[];
  /** The device's filesystem, created on first use. */
  fsOf: (device: SimDevice) => MemoryFs;
}

/** Answers SSH connections on simulated devices: password or key auth, shell, exec and SFTP. */
export const createSshService = (options: SshServiceOptions) => {
  const keys = parseAuthorizedKeys(options.authorizedKeys);
  const methods: AuthenticationType[] = keys.length
    ? ['publickey', 'password', 'keyboard-interactive']
    : ['password', 'keyboard-interactive'];

  const authenticate = (ctx: AuthContext, device: SimDevice, failed: () => void) => {
    const reject = () => {
      failed();
      ctx.reject(methods);
    };
    const user = ctx.username === SHELL_USER;
    switch (ctx.method) {
      case 'password':
        return user && device.adminPasswordMatches(ctx.password) ? ctx.accept() : reject();
      case 'keyboard-interactive':
        return ctx.prompt([{ prompt: 'Password: ', echo: false }], (answers) =>
          user && device.adminPasswordMatches(answers[0] ?? '') ? ctx.accept() : reject(),
        );
      case 'publickey': {
        const key = keys.find(
          (k) => k.type === ctx.key.algo && k.getPublicSSH().equals(ctx.key.data),
        );
        if (!user || !key) return reject();
        // Without a signature the client only asks whether this key would do.
        if (!ctx.signature) return ctx.accept();
        return ctx.blob && key.verify(ctx.blob, ctx.signature, ctx.hashAlgo) === true
          ? ctx.accept()
          : reject();
      }
      default:
        // 'none' is how clients ask for the methods; it does not count as a failure.
        return ctx.reject(methods);
    }
  };

  const handleSession = (session: Session, device: SimDevice) => {
    let size: TerminalSize | undefined;
    session.on('pty', (accept, _reject, info) => {
      size = { cols: info.cols, rows: info.rows };
      accept?.();
    });
    session.on('window-change', (accept, _reject, info) => {
      // The shell holds this same object, so `stty size` sees the new size.
      if (size) Object.assign(size, { cols: info.cols, rows: info.rows });
      accept?.();
    });
    session.on('shell', (accept) => {
      const channel = accept();
      let ended = false;
      const exit = (status: number) => {
        if (ended) return;
        ended = true;
        channel.exit(status);
        channel.end();
      };
      channel.on('error', ignore);
      const shell = new SimShell(
        { device, fs: options.fsOf(device), cwd: HOME, size },
        { write: (text) => channel.write(text), exit },
      );
      channel.on('data', (data: Buffer) => shell.feed(data));
      // The client closed its input (`ssh -T host < script`): a shell exits at end of input.
      channel.on('end', () => exit(0));
      shell.start();
    });
    session.on('exec', (accept, _reject, info) => {
      const channel = accept();
      channel.on('error', ignore);
      const ctx = { device, fs: options.fsOf(device), cwd: HOME, size };
      const { output, status } = runShellCommand(ctx, info.command);
      (status === 0 ? channel : channel.stderr).write(
        size ? output.replace(/\n/g, '\r\n') : output,
      );
      channel.exit(status);
      channel.end();
    });
    session.on('sftp', (accept) => serveSftp(accept(), options.fsOf(device)));
  };

  const handleClient = (client: Connection, device: SimDevice) => {
    let failures = 0;
    // Peers that vanish or speak garbage end their own connection, never the simulator.
    client.on('error', ignore);
    client.on('authentication', (ctx) =>
      authenticate(ctx, device, () => {
        failures += 1;
        if (failures >= MAX_AUTH_FAILURES) client.end();
      }),
    );
    client.on('ready', () => client.on('session', (accept) => handleSession(accept(), device)));
  };

  return (device: SimDevice, stream: Duplex): void => {
    // A Server per connection: its 'connection' listener learns nothing about the socket, so
    // this is how it knows the device. It never listens, so it costs little.
    const server = new Server(
      { hostKeys: [{ key: processHostKey() }], ident: 'dropbear' },
      (client) => handleClient(client, device),
    );
    server.on('error', ignore);
    server.injectSocket(stream as Socket);
  };
};
