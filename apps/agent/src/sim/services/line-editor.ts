import { StringDecoder } from 'node:string_decoder';

export interface LineEditorEvents {
  /** Writes to the terminal (echo and erase sequences). */
  write(text: string): void;
  line(text: string): void;
  /** Ctrl-C: the line typed so far is dropped. */
  interrupt(): void;
  /** Ctrl-D on an empty line. */
  eof(): void;
}

const ESC = '\x1b';

/**
 * The terminal side of a tiny readline: echoes what is typed, handles backspace, Ctrl-C and
 * Ctrl-D, and swallows escape sequences (arrow keys, …) so they do not end up in a command.
 */
export class LineEditor {
  /** Off while a password is typed and without a terminal; then Enter is not echoed either. */
  echo = true;
  private buffer = '';
  private decoder = new StringDecoder('utf8');
  /** The last key was CR: an LF or NUL after it is the same Enter (telnet sends CR LF, CR NUL). */
  private afterCr = false;
  /** Inside an escape sequence: 'esc' after ESC, 'csi' after ESC [ or ESC O. */
  private escape: 'esc' | 'csi' | null = null;

  /** Replaceable: telnet's login hands its editor to the shell, with any keys typed ahead. */
  constructor(public events: LineEditorEvents) {}

  feed(data: Buffer): void {
    for (const char of this.decoder.write(data)) this.key(char);
  }

  private key(char: string): void {
    const afterCr = this.afterCr;
    this.afterCr = false;
    if (this.escape === 'esc') {
      this.escape = char === '[' || char === 'O' ? 'csi' : null;
      return;
    }
    if (this.escape === 'csi') {
      // Parameters and intermediates are 0x20-0x3f; the final byte ends the sequence.
      if (char >= '@' && char <= '~') this.escape = null;
      return;
    }
    switch (char) {
      case ESC:
        this.escape = 'esc';
        return;
      case '\r':
        this.afterCr = true;
        this.enter();
        return;
      case '\n':
      case '\0':
        if (!afterCr) this.enter();
        return;
      case '\x7f':
      case '\b':
        this.erase();
        return;
      case '\x03':
        this.buffer = '';
        this.events.interrupt();
        return;
      case '\x04':
        if (this.buffer === '') this.events.eof();
        return;
      case '\x15':
        // Ctrl-U: erase the whole line.
        while (this.buffer) this.erase();
        return;
    }
    if (char < ' ') return;
    this.buffer += char;
    if (this.echo) this.events.write(char);
  }

  private erase(): void {
    if (!this.buffer) return;
    this.buffer = Array.from(this.buffer).slice(0, -1).join('');
    if (this.echo) this.events.write('\b \b');
  }

  private enter(): void {
    const line = this.buffer;
    this.buffer = '';
    if (this.echo) this.events.write('\r\n');
    this.events.line(line);
  }
}
