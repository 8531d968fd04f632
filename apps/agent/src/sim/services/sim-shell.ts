import { HOME } from './device-fs.ts';
import { LineEditor } from './line-editor.ts';
import { runShellCommand, type ShellContext } from './shell-commands.ts';

export interface ShellIo {
  write(text: string): void;
  /** The shell ended (exit, Ctrl-D) with this status. */
  exit(status: number): void;
}

/**
 * An interactive root shell on a simulated device, shared by SSH and telnet. With a terminal it
 * echoes, edits lines and prompts; without one (`ssh -T`) it only runs what it reads, as ash does.
 */
export class SimShell {
  private readonly editor: LineEditor;
  private ended = false;

  /** `editor`: one that already read from this terminal (telnet's login), else a new one. */
  constructor(
    private readonly ctx: ShellContext,
    private readonly io: ShellIo,
    editor?: LineEditor,
  ) {
    const events = {
      write: (text: string) => this.io.write(text),
      line: (line: string) => this.run(line),
      interrupt: () => {
        this.print('^C\n');
        this.prompt();
      },
      eof: () => this.end(0),
    };
    this.editor = editor ?? new LineEditor(events);
    this.editor.events = events;
    this.editor.echo = this.tty;
  }

  start(): void {
    if (!this.tty) return;
    const { device } = this.ctx;
    this.print(
      [
        '',
        'BusyBox v1.36.1 () built-in shell (ash)',
        '',
        `  ${device.model} ${device.firmware} (simulated by netfleet)`,
        "  Type 'help' for the commands it knows.",
        '',
        '',
      ].join('\n'),
    );
    this.prompt();
  }

  feed(data: Buffer): void {
    if (!this.ended) this.editor.feed(data);
  }

  private get tty(): boolean {
    return this.ctx.size !== undefined;
  }

  private run(line: string): void {
    if (this.ended) return;
    const result = runShellCommand(this.ctx, line);
    this.print(result.output);
    if (result.exit) this.end(result.status);
    else this.prompt();
  }

  private prompt(): void {
    if (!this.tty || this.ended) return;
    const where = this.ctx.cwd === HOME ? '~' : this.ctx.cwd;
    this.io.write(`root@${this.ctx.device.model}:${where}# `);
  }

  /** A terminal needs CR LF; a pipe gets the lines as they are. */
  private print(text: string): void {
    this.io.write(this.tty ? text.replace(/\r?\n/g, '\r\n') : text);
  }

  private end(status: number): void {
    if (this.ended) return;
    this.ended = true;
    this.io.exit(status);
  }
}
