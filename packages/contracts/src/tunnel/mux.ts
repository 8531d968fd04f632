import { Duplex } from 'node:stream';
import {
  FRAME,
  MAX_DATA_FRAME_BYTES,
  MAX_STREAMS_PER_TUNNEL,
  STREAM_WINDOW_BYTES,
  decodeFrame,
  encodeFrame,
  openErrorSchema,
  openPayloadSchema,
  type Frame,
  type OpenError,
  type OpenPayload,
} from './frames.ts';
import { parseJsonPayload } from '../json-payload.ts';

/** Where frames go: a WebSocket, or anything else that keeps message boundaries. */
export interface MuxTransport {
  send(frame: Buffer): void;
  close(reason: string): void;
}

/** The device's answer to an open: a connected stream, or why not. */
export type OpenHandler = (target: OpenPayload) => Promise<Duplex | OpenError>;

export class OpenFailed extends Error {
  constructor(readonly error: OpenError) {
    super(error.message);
  }
}

/**
 * One stream of a tunnel. Flow control is by credit, as in HTTP/2: a sender may have
 * STREAM_WINDOW_BYTES unacknowledged; the receiver grants more only as its consumer reads. A
 * slow reader at either end therefore stops the other end instead of growing a buffer.
 */
export class TunnelStream extends Duplex {
  private credit = STREAM_WINDOW_BYTES;
  private received = 0;
  private granted = STREAM_WINDOW_BYTES;
  private waiting: { chunk: Buffer; callback: (error?: Error | null) => void } | null = null;
  private remoteClosed = false;
  private finReceived = false;

  constructor(
    private readonly mux: TunnelMux,
    readonly id: number,
  ) {
    super({ readableHighWaterMark: STREAM_WINDOW_BYTES, allowHalfOpen: true });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (e?: Error | null) => void) {
    this.sendData(chunk, callback);
  }

  private sendData(chunk: Buffer, callback: (error?: Error | null) => void) {
    let offset = 0;
    while (offset < chunk.length && this.credit > 0) {
      const size = Math.min(chunk.length - offset, this.credit, MAX_DATA_FRAME_BYTES);
      this.mux.send(FRAME.data, this.id, chunk.subarray(offset, offset + size));
      this.credit -= size;
      offset += size;
    }
    if (offset < chunk.length) this.waiting = { chunk: chunk.subarray(offset), callback };
    else callback();
  }

  override _read() {
    this.grant();
  }

  /**
   * Node calls _read only while the buffer is below its mark and the reader is not paused; a
   * piped reader that paused and resumed drains the buffer through read() alone, so grants are
   * checked there too, or the sender would wait for credit forever.
   */
  override read(size?: number) {
    const chunk: unknown = super.read(size);
    this.grant();
    return chunk;
  }

  /** Grants what the consumer took, in steps of a quarter window so WINDOW frames stay rare. */
  private grant() {
    if (this.remoteClosed || this.destroyed) return;
    const target = this.received - this.readableLength + STREAM_WINDOW_BYTES;
    if (target - this.granted >= STREAM_WINDOW_BYTES / 4) {
      const grant = Buffer.allocUnsafe(4);
      grant.writeUInt32BE(target - this.granted);
      this.granted = target;
      this.mux.send(FRAME.window, this.id, grant);
    }
  }

  override _final(callback: (error?: Error | null) => void) {
    if (!this.remoteClosed) this.mux.send(FRAME.fin, this.id);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (!this.remoteClosed) {
      this.remoteClosed = true;
      this.mux.send(
        FRAME.close,
        this.id,
        error ? Buffer.from(error.message.slice(0, 200)) : undefined,
      );
    }
    this.waiting?.callback(error ?? new Error('stream closed'));
    this.waiting = null;
    this.mux.forget(this.id);
    callback(error);
  }

  /** @internal frames from the other end */
  receive(frame: Frame) {
    switch (frame.type) {
      case FRAME.data:
        this.received += frame.payload.length;
        // A peer that ignores our window is broken or hostile: drop the stream, not the process.
        if (this.received > this.granted) return this.reset('flow control window exceeded');
        // No copy: each WebSocket message is a buffer of its own, only this stream holds it.
        this.push(frame.payload);
        return;
      case FRAME.window: {
        if (frame.payload.length !== 4) return this.reset('bad window frame');
        this.credit += frame.payload.readUInt32BE(0);
        const waiting = this.waiting;
        if (waiting) {
          this.waiting = null;
          this.sendData(waiting.chunk, waiting.callback);
        }
        return;
      }
      case FRAME.fin:
        this.finReceived = true;
        this.push(null);
        return;
      case FRAME.close:
        this.remoteClosed = true;
        // After its FIN the peer has sent everything: let our reader drain it before the stream
        // goes, or the last bytes of a download would be dropped.
        if (this.finReceived && !this.readableEnded) this.once('end', () => this.destroy());
        else this.destroy();
        return;
    }
  }

  reset(reason: string) {
    this.destroy(new Error(reason));
  }

  /** The tunnel went away: end the stream without talking to it. */
  lost(reason: string) {
    this.remoteClosed = true;
    this.destroy(new Error(reason));
  }
}

interface PendingOpen {
  resolve: (stream: TunnelStream) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Streams over one tunnel. The server side opens streams (odd ids); the device side answers
 * opens with its OpenHandler and pipes each stream to what it connected.
 */
export class TunnelMux {
  private readonly streams = new Map<number, TunnelStream>();
  private readonly pending = new Map<number, PendingOpen>();
  private nextId = 1;
  private closed = false;
  private readonly closeListeners: (() => void)[] = [];
  /** When the last stream ended (or the tunnel opened): for idle timeouts. */
  idleSince = Date.now();

  constructor(
    private readonly transport: MuxTransport,
    private readonly onOpen?: OpenHandler,
  ) {}

  get streamCount(): number {
    return this.streams.size + this.pending.size;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  send(type: (typeof FRAME)[keyof typeof FRAME], stream: number, payload?: Buffer) {
    if (!this.closed) this.transport.send(encodeFrame(type, stream, payload));
  }

  /** Opens a stream to host:port on the device's side. */
  open(target: OpenPayload, timeoutMs = 10_000): Promise<TunnelStream> {
    if (this.closed) return Promise.reject(new Error('tunnel closed'));
    if (this.streamCount >= MAX_STREAMS_PER_TUNNEL) {
      return Promise.reject(new OpenFailed({ code: 'busy', message: 'too many streams open' }));
    }
    const id = this.nextId;
    this.nextId += 2;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.send(FRAME.close, id);
        reject(new OpenFailed({ code: 'timeout', message: 'the device did not answer' }));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.send(FRAME.open, id, Buffer.from(JSON.stringify(target)));
    });
  }

  receive(message: Buffer) {
    const frame = decodeFrame(message);
    if (!frame) return;
    if (frame.type === FRAME.open) return void this.answerOpen(frame);
    if (frame.type === FRAME.openOk || frame.type === FRAME.openError) {
      const pending = this.pending.get(frame.stream);
      if (!pending) return;
      this.pending.delete(frame.stream);
      clearTimeout(pending.timer);
      if (frame.type === FRAME.openOk) return pending.resolve(this.add(frame.stream));
      const error = openErrorSchema.safeParse(parseJsonPayload(frame.payload));
      return pending.reject(
        new OpenFailed(error.success ? error.data : { code: 'refused', message: 'refused' }),
      );
    }
    this.streams.get(frame.stream)?.receive(frame);
  }

  private add(id: number): TunnelStream {
    const stream = new TunnelStream(this, id);
    this.streams.set(id, stream);
    return stream;
  }

  /** @internal a stream ended */
  forget(id: number) {
    this.streams.delete(id);
    if (this.streamCount === 0) this.idleSince = Date.now();
  }

  private async answerOpen(frame: Frame) {
    const refuse = (error: OpenError) =>
      this.send(FRAME.openError, frame.stream, Buffer.from(JSON.stringify(error)));
    const target = openPayloadSchema.safeParse(parseJsonPayload(frame.payload));
    if (!this.onOpen || !target.success || this.streams.has(frame.stream)) {
      return refuse({ code: 'not_allowed', message: 'bad open request' });
    }
    if (this.streamCount >= MAX_STREAMS_PER_TUNNEL) {
      return refuse({ code: 'busy', message: 'too many streams open' });
    }
    let connected: Duplex | OpenError;
    try {
      connected = await this.onOpen(target.data);
    } catch (error) {
      connected = { code: 'unreachable', message: (error as Error).message.slice(0, 200) };
    }
    if (!(connected instanceof Duplex)) return refuse(connected);
    if (this.closed) return void connected.destroy();
    const stream = this.add(frame.stream);
    this.send(FRAME.openOk, frame.stream);
    const reset = () => {
      stream.destroy();
      connected.destroy();
    };
    // A target that ends normally ends the stream through pipe(), after what is still waiting
    // for credit; only errors reset both at once.
    stream.on('error', reset).on('close', () => connected.destroy());
    connected.on('error', reset);
    stream.pipe(connected);
    connected.pipe(stream);
  }

  onClose(listener: () => void) {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  /** The transport is gone (or we close it): every stream and pending open ends. */
  close(reason: string) {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.closeListeners.splice(0)) listener();
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new Error(reason));
    }
    this.pending.clear();
    for (const stream of [...this.streams.values()]) stream.lost(reason);
    this.streams.clear();
    this.transport.close(reason);
  }
}
