import type { Duplex } from 'node:stream';
import type { SimDevice } from '../sim-device.ts';
import { SHELL_USER } from './credentials.ts';
import { HOME } from './device-fs.ts';
import { LineEditor } from './line-editor.ts';
import type { MemoryFs } from './memory-fs.ts';
import type { TerminalSize } from './shell-commands.ts';
import { SimShell } from './sim-shell.ts';

const IAC = 255;
const DONT = 254;
const DO = 253;
const WILL = 251;
const SB = 250;
const SE = 240;
const ECHO = 1;
const SUPPRESS_GO_AHEAD = 3;
const NAWS = 31;

const MAX_LOGIN_TRIES = 3;
/** Longer subnegotiations are not NAWS and are dropped rather than buffered without end. */
const MAX_SUBNEGOTIATION = 64;

/**
 * Splits a telnet byte stream into data and commands. Commands are ignored except NAWS (the
 * window size), which the shell's `stty size` reports.
 */
class TelnetParser {
  private state: 'data' | 'iac' | 'option' | 'sb' | 'sb-iac' = 'data';
  private sub: number[] = [];

  constructor(private readonly onWindowSize: (size: TerminalSize) => void) {}

  /** The data bytes of `chunk`, without telnet commands. */
  parse(chunk: Buffer): Buffer {
    const data: number[] = [];
    for (const byte of chunk) {
      switch (this.state) {
        case 'data':
          if (byte === IAC) this.state = 'iac';
          else data.push(byte);
          break;
        case 'iac':
          if (byte === IAC) {
            data.push(IAC);
            this.state = 'data';
          } else if (byte === SB) {
            this.sub = [];
            this.state = 'sb';
          } else {
            this.state = byte >= WILL && byte <= DONT ? 'option' : 'data';
          }
          break;
        case 'option':
          // The option of a WILL/WONT/DO/DONT: the client's answers to ours, or offers we ignore.
          this.state = 'data';
          break;
        case 'sb':
          if (byte === IAC) this.state = 'sb-iac';
          else if (this.sub.length < MAX_SUBNEGOTIATION) this.sub.push(byte);
          break;
        case 'sb-iac':
          if (byte === SE) {
            this.subnegotiation();
            this.state = 'data';
          } else {
            if (byte === IAC && this.sub.length < MAX_SUBNEGOTIATION) this.sub.push(IAC);
            this.state = 'sb';
          }
          break;
      }
    }
    return Buffer.from(data);
  }

  private subnegotiation(): void {
    const [option, colsHigh, colsLow, rowsHigh, rowsLow] = this.sub;
    if (option !== NAWS || rowsLow === undefined) return;
    const cols = ((colsHigh ?? 0) << 8) | (colsLow ?? 0);
    const rows = ((rowsHigh ?? 0) << 8) | rowsLow;
    // Some clients send 0 for "unknown"; keep the previous size then.
    if (cols > 0 && rows > 0) this.onWindowSize({ cols, rows });
  }
}

/** Answers one telnet connection: `login:` / `Password:` as BusyBox does, then the shell. */
export const serveTelnet = (
  device: SimDevice,
  stream: Duplex,
  fsOf: (device: SimDevice) => MemoryFs,
): void => {
  const size: TerminalSize = { cols: 80, rows: 24 };
  const parser = new TelnetParser((next) => Object.assign(size, next));
  // UTF-8 text never contains the byte 0xFF, so what we write needs no IAC doubling.
  const write = (text: string) => {
    if (stream.writable) stream.write(text);
  };
  let user = '';
  let tries = 0;

  const editor: LineEditor = new LineEditor({
    write,
    line: (text) => {
      if (editor.echo) {
        user = text.trim();
        editor.echo = false;
        write('Password: ');
        return;
      }
      // Enter is not echoed while the password is typed; login prints the newline.
      write('\r\n');
      editor.echo = true;
      if (user === SHELL_USER && device.adminPasswordMatches(text)) {
        const ctx = { device, fs: fsOf(device), cwd: HOME, size };
        new SimShell(ctx, { write, exit: () => stream.end() }, editor).start();
        return;
      }
      tries += 1;
      write('Login incorrect\r\n');
      if (tries >= MAX_LOGIN_TRIES) stream.end();
      else write(`${device.model} login: `);
    },
    interrupt: () => {
      editor.echo = true;
      write(`\r\n${device.model} login: `);
    },
    eof: () => stream.end(),
  });

  stream.on('data', (chunk: Buffer) => editor.feed(parser.parse(chunk)));
  stream.write(Buffer.from([IAC, WILL, ECHO, IAC, WILL, SUPPRESS_GO_AHEAD, IAC, DO, NAWS]));
  write(`\r\n${device.model} login: `);
};
