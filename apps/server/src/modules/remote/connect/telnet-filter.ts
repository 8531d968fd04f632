const IAC = 255;
const DONT = 254;
const DO = 253;
const WONT = 252;
const WILL = 251;
const SB = 250;
const SE = 240;
const ECHO = 1;
const SGA = 3;
const NAWS = 31;

/**
 * The browser terminal's side of telnet: strips the device's option negotiation from what the
 * terminal shows and answers it (the device echoes and suppresses go-ahead; we report the
 * window size), so xterm.js only ever sees the bytes meant for the screen.
 */
export class TelnetFilter {
  private state: 'data' | 'iac' | 'option' | 'sb' | 'sb-iac' = 'data';
  private verb = 0;
  private cols = 80;
  private rows = 24;
  private nawsOn = false;

  constructor(private readonly reply: (bytes: Buffer) => void) {}

  /** Device bytes in, screen bytes out. */
  fromDevice(chunk: Buffer): Buffer {
    const out: number[] = [];
    for (const byte of chunk) {
      switch (this.state) {
        case 'data':
          if (byte === IAC) this.state = 'iac';
          else out.push(byte);
          break;
        case 'iac':
          if (byte === IAC) {
            out.push(IAC);
            this.state = 'data';
          } else if (byte >= WILL && byte <= DONT) {
            this.verb = byte;
            this.state = 'option';
          } else this.state = byte === SB ? 'sb' : 'data';
          break;
        case 'option':
          this.answer(this.verb, byte);
          this.state = 'data';
          break;
        case 'sb':
          if (byte === IAC) this.state = 'sb-iac';
          break;
        case 'sb-iac':
          this.state = byte === SE ? 'data' : 'sb';
          break;
      }
    }
    return Buffer.from(out);
  }

  /** Keystrokes out: a literal 255 must be doubled. */
  toDevice(chunk: Buffer): Buffer {
    if (!chunk.includes(IAC)) return chunk;
    const out: number[] = [];
    for (const byte of chunk) out.push(...(byte === IAC ? [IAC, IAC] : [byte]));
    return Buffer.from(out);
  }

  /** Offers the window size up front: not every device asks for it. */
  start(cols: number, rows: number) {
    this.cols = cols;
    this.rows = rows;
    this.nawsOn = true;
    this.reply(Buffer.from([IAC, WILL, NAWS]));
    this.sendSize();
  }

  resize(cols: number, rows: number) {
    this.cols = cols;
    this.rows = rows;
    if (this.nawsOn) this.sendSize();
  }

  private answer(verb: number, option: number) {
    if (verb === DO && option === NAWS) this.sendSize();
    else if (verb === DO) this.reply(Buffer.from([IAC, WONT, option]));
    else if (verb === WILL) {
      this.reply(Buffer.from([IAC, option === ECHO || option === SGA ? DO : DONT, option]));
    }
  }

  private sendSize() {
    const size = Buffer.from([IAC, SB, NAWS, 0, 0, 0, 0, IAC, SE]);
    size.writeUInt16BE(this.cols, 3);
    size.writeUInt16BE(this.rows, 5);
    // A size byte of 255 must be doubled too; terminals that large are not worth it.
    this.reply(this.cols < 255 && this.rows < 255 ? size : Buffer.from([]));
  }
}
