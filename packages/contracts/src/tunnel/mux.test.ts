import type { Duplex } from 'node:stream';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { STREAM_WINDOW_BYTES, decodeFrame, encodeFrame, FRAME } from './frames.ts';
import { OpenFailed, TunnelMux, type OpenHandler } from './mux.ts';

/** Two muxes wired back to back, the way a WebSocket would carry their frames. */
const pair = (onOpen: OpenHandler) => {
  const server: { mux?: TunnelMux } = {};
  const device = new TunnelMux(
    { send: (frame) => setImmediate(() => server.mux?.receive(frame)), close: () => {} },
    onOpen,
  );
  server.mux = new TunnelMux({
    send: (frame) => setImmediate(() => device.receive(frame)),
    close: () => device.close('peer closed'),
  });
  return { server: server.mux, device };
};

/** An in-device "service" that echoes what it gets. */
const echo: OpenHandler = async () => {
  const stream = new PassThrough();
  return stream as Duplex;
};

const readAll = (stream: Duplex) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
  });

describe('tunnel frames', () => {
  it('round-trips a frame and rejects garbage', () => {
    const frame = decodeFrame(encodeFrame(FRAME.data, 7, Buffer.from('hi')));
    expect(frame).toMatchObject({ type: FRAME.data, stream: 7 });
    expect(frame?.payload.toString()).toBe('hi');
    expect(decodeFrame(Buffer.from([99, 0, 0, 0, 1]))).toBeNull();
    expect(decodeFrame(Buffer.from([1, 0]))).toBeNull();
  });
});

describe('TunnelMux', () => {
  it('carries bytes both ways, several megabytes, and half-closes', async () => {
    const { server } = pair(echo);
    const stream = await server.open({ host: '127.0.0.1', port: 22 });
    const payload = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    const received = readAll(stream);
    stream.end(payload);
    expect((await received).equals(payload)).toBe(true);
  });

  it('says why the device refused an open', async () => {
    const { server } = pair(async () => ({ code: 'not_allowed', message: 'no' }));
    await expect(server.open({ host: '8.8.8.8', port: 80 })).rejects.toBeInstanceOf(OpenFailed);
  });

  it('stops the sender when the receiver does not read (bounded buffering)', async () => {
    let deviceSide: PassThrough | null = null;
    const { server } = pair(async () => {
      // A device service that never reads what it is sent.
      deviceSide = new PassThrough({ highWaterMark: 1024 });
      deviceSide.pause();
      return deviceSide;
    });
    const stream = await server.open({ host: '127.0.0.1', port: 80 });
    let accepted = 0;
    const chunk = Buffer.alloc(64 * 1024);
    // Write until the stream says stop for good (write() false and no drain).
    for (let i = 0; i < 200; i += 1) {
      if (!stream.write(chunk)) {
        const drained = await Promise.race([
          new Promise((r) => stream.once('drain', () => r(true))),
          new Promise((r) => setTimeout(() => r(false), 200)),
        ]);
        if (!drained) break;
      }
      accepted += chunk.length;
    }
    // The window plus the stream buffers, never the 12.5 MB we tried to send.
    expect(accepted).toBeLessThan(STREAM_WINDOW_BYTES * 4);
    expect(deviceSide).not.toBeNull();
    stream.destroy();
  });

  it('ends every stream when the tunnel closes', async () => {
    const { server, device } = pair(echo);
    const stream = await server.open({ host: '127.0.0.1', port: 22 });
    const closed = new Promise((resolve) => stream.on('close', resolve));
    stream.on('error', () => {});
    device.close('gone');
    server.close('gone');
    await closed;
    expect(server.streamCount).toBe(0);
    await expect(server.open({ host: '127.0.0.1', port: 22 })).rejects.toThrow('tunnel closed');
  });

  it('times out an open the device never answers', async () => {
    const silent = new TunnelMux({ send: () => {}, close: () => {} });
    await expect(silent.open({ host: '127.0.0.1', port: 22 }, 50)).rejects.toThrow(
      'the device did not answer',
    );
    expect(silent.streamCount).toBe(0);
  });
});

describe('TunnelMux end of stream', () => {
  it('delivers every byte to a slow reader when the device closes right after sending', async () => {
    const payload = Buffer.alloc(200_000, 3);
    const { server } = pair(async () => {
      // A device service that sends its answer and hangs up at once (a finished download).
      const service = new PassThrough();
      service.end(payload);
      return service as Duplex;
    });
    const stream = await server.open({ host: '127.0.0.1', port: 80 });
    stream.end();
    // Let FIN and CLOSE arrive before reading anything.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await readAll(stream)).length).toBe(payload.length);
  });
});

describe('TunnelMux flow control with a reader that pauses', () => {
  it('keeps granting credit when a piped reader pauses and resumes (uploads do not stall)', async () => {
    let got = 0;
    const total = 4 * 1024 * 1024;
    const done = new Promise<void>((resolve) => {
      const { server } = pair(async () => {
        // A slow device service: pauses for a moment after every chunk, as a full socket does.
        const sink = new PassThrough({ highWaterMark: 16 * 1024 });
        sink.on('data', (chunk: Buffer) => {
          got += chunk.length;
          sink.pause();
          setTimeout(() => sink.resume(), 1);
          if (got >= total) resolve();
        });
        return sink as Duplex;
      });
      void server.open({ host: '127.0.0.1', port: 9 }).then((stream) => {
        stream.end(Buffer.alloc(total, 1));
      });
    });
    await done;
    expect(got).toBe(total);
  }, 20_000);
});
