// Test-only stand-ins for the browser and library pieces jsdom lacks: a WebSocket the test plays
// the server of, an xterm.js Terminal that records what it is told, and noVNC's client.
import { act } from '@testing-library/react';
import { vi } from 'vitest';

type Listener = (event: Event) => void;

export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  binaryType = 'blob';
  readonly sent: (string | Uint8Array)[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  static last(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No WebSocket was opened');
    return socket;
  }

  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  send(data: string | Uint8Array): void {
    this.sent.push(data);
  }

  close(): void {
    this.readyState = FakeWebSocket.CLOSED;
  }

  /** The JSON text frames the client sent. */
  get messages(): unknown[] {
    return this.sent.flatMap((frame) => (typeof frame === 'string' ? [JSON.parse(frame)] : []));
  }

  // The server's side.
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.fire(new Event('open'));
  }

  receive(data: string | ArrayBuffer | object): void {
    const payload =
      typeof data === 'string' || data instanceof ArrayBuffer ? data : JSON.stringify(data);
    this.fire(new MessageEvent('message', { data: payload }));
  }

  serverClose(reason = ''): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.fire(new CloseEvent('close', { code: 1000, reason }));
  }

  private fire(event: Event): void {
    act(() => {
      for (const listener of this.listeners.get(event.type) ?? []) listener(event);
    });
  }
}

interface Disposable {
  dispose: () => void;
}

export class FakeTerminal {
  static instances: FakeTerminal[] = [];
  cols = 80;
  rows = 24;
  readonly written: (string | Uint8Array)[] = [];
  focused = false;
  private dataListener: ((data: string) => void) | null = null;

  constructor() {
    FakeTerminal.instances.push(this);
  }

  static last(): FakeTerminal {
    const terminal = FakeTerminal.instances.at(-1);
    if (!terminal) throw new Error('No terminal was created');
    return terminal;
  }

  open(): void {}
  loadAddon(): void {}
  dispose(): void {}
  attachCustomKeyEventHandler(): void {}
  getSelection(): string {
    return '';
  }
  hasSelection(): boolean {
    return false;
  }
  focus(): void {
    this.focused = true;
  }
  write(data: string | Uint8Array): void {
    this.written.push(data);
  }
  paste(text: string): void {
    this.dataListener?.(text);
  }
  onData(listener: (data: string) => void): Disposable {
    this.dataListener = listener;
    return { dispose: () => (this.dataListener = null) };
  }
  onResize(): Disposable {
    return { dispose: () => undefined };
  }

  /** What the user types. */
  type(data: string): void {
    this.dataListener?.(data);
  }
}

export class FakeFitAddon {
  fit(): void {}
}

/** noVNC's RFB client: the test fires its events and reads what it was asked to do. */
export class FakeRfb extends EventTarget {
  static instances: FakeRfb[] = [];
  scaleViewport = false;
  readonly sendCredentials = vi.fn();
  readonly sendCtrlAltDel = vi.fn();
  readonly disconnect = vi.fn();
  readonly focus = vi.fn();

  constructor(
    readonly target: HTMLElement,
    readonly channel: FakeWebSocket,
  ) {
    super();
    FakeRfb.instances.push(this);
  }

  static last(): FakeRfb {
    const rfb = FakeRfb.instances.at(-1);
    if (!rfb) throw new Error('No RFB client was created');
    return rfb;
  }

  fire(type: string, detail?: unknown): void {
    act(() => {
      this.dispatchEvent(new CustomEvent(type, { detail }));
    });
  }
}
