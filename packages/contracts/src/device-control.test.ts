import { describe, expect, it } from 'vitest';
import {
  SHUTDOWN_RECONNECT_AFTER_MS,
  SHUTDOWN_RECONNECT_WINDOW_MS,
  controlMessageSchema,
  mayDevicePublish,
  mayDeviceSubscribe,
  parseTopic,
  serverShutdownNotice,
  serverShutdownSchema,
  shutdownReconnectDelay,
  topics,
} from './device-protocol.ts';

describe('control messages', () => {
  it('has one fleet-wide topic every device may read and none may write', () => {
    expect(topics.control).toBe('nf/all/ctl');
    expect(mayDeviceSubscribe(5, topics.control)).toBe(true);
    expect(mayDeviceSubscribe(5, 'nf/all/#')).toBe(false);
    expect(mayDevicePublish(5, topics.control)).toBe(false);
    // Not a device topic: the gateway never takes it for a device's message.
    expect(parseTopic(topics.control)).toBeNull();
  });

  it('accepts the notice a stopping server sends, with its defaults', () => {
    const notice = serverShutdownNotice();
    expect(notice).toEqual({
      type: 'server_shutdown',
      reconnect_after_ms: SHUTDOWN_RECONNECT_AFTER_MS,
      reconnect_window_ms: SHUTDOWN_RECONNECT_WINDOW_MS,
    });
    expect(SHUTDOWN_RECONNECT_AFTER_MS).toBe(5_000);
    expect(SHUTDOWN_RECONNECT_WINDOW_MS).toBe(30_000);
    expect(controlMessageSchema.parse(JSON.parse(JSON.stringify(notice)))).toEqual(notice);
  });

  it.each([
    ['a negative wait', { reconnect_after_ms: -1 }],
    ['a fractional window', { reconnect_window_ms: 1.5 }],
    ['a wait of more than an hour', { reconnect_after_ms: 3_600_001 }],
    ['a window of more than an hour', { reconnect_window_ms: 3_600_001 }],
    ['a missing window', { reconnect_window_ms: undefined }],
    ['a wait given as text', { reconnect_after_ms: '5000' }],
  ])('rejects a notice with %s', (_name, patch) => {
    expect(serverShutdownSchema.safeParse({ ...serverShutdownNotice(), ...patch }).success).toBe(
      false,
    );
  });

  it('rejects a control message of a type it does not know', () => {
    expect(controlMessageSchema.safeParse({ type: 'something_newer' }).success).toBe(false);
  });

  it('spreads the reconnect over [after, after + window)', () => {
    const notice = serverShutdownNotice();
    expect(shutdownReconnectDelay(notice, () => 0)).toBe(5_000);
    expect(shutdownReconnectDelay(notice, () => 0.5)).toBe(20_000);
    expect(shutdownReconnectDelay(notice, () => 0.999_999_9)).toBe(34_999);
    const delays = Array.from({ length: 1000 }, () => shutdownReconnectDelay(notice));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(5_000);
    expect(Math.max(...delays)).toBeLessThan(35_000);
  });
});
