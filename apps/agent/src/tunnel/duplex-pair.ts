import { Duplex } from 'node:stream';

/**
 * Two connected in-memory streams, like the two ends of a socket (Node 22 has `duplexPair`;
 * Node 20 does not). A write waits until the other end reads, so neither end buffers without
 * bound; destroying one end resets the other.
 */
class PairEnd extends Duplex {
  other!: PairEnd;
  private writer: (() => void) | null = null;

  constructor() {
    super({ allowHalfOpen: true });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void) {
    if (this.other.push(chunk)) callback();
    else this.other.writer = callback;
  }

  override _read() {
    const writer = this.writer;
    this.writer = null;
    writer?.();
  }

  override _final(callback: () => void) {
    this.other.push(null);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    const writer = this.writer;
    this.writer = null;
    writer?.();
    if (!this.other.destroyed) this.other.destroy();
    callback(error);
  }
}

export const duplexPair = (): [Duplex, Duplex] => {
  const a = new PairEnd();
  const b = new PairEnd();
  a.other = b;
  b.other = a;
  return [a, b];
};
